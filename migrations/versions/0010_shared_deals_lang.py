"""shared deals: the sharer's language (links shared before it are English, as they were shown)

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02 00:20:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("shared_deals", schema=None) as batch_op:
        batch_op.add_column(sa.Column("lang", sa.String(length=8), server_default="en", nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("shared_deals", schema=None) as batch_op:
        batch_op.drop_column("lang")
