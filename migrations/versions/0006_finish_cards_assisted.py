"""finish cards: assisted (played after seeing the solver's line)

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("finish_cards") as batch_op:
        batch_op.add_column(sa.Column("assisted", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("finish_cards") as batch_op:
        batch_op.drop_column("assisted")
