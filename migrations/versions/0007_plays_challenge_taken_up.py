"""plays: challenge taken up

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-29 13:19:50.091033
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("plays", schema=None) as batch_op:
        batch_op.add_column(sa.Column("challenge_id", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("plays", schema=None) as batch_op:
        batch_op.drop_column("challenge_id")
