"""game numbers as BIGINT (numbers reach 4294967295)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

TABLES = {"plays": True, "finish_cards": True, "solved_deals": False, "shared_deals": False}
"""Table → whether its ``number`` column is nullable."""


def upgrade() -> None:
    for table, nullable in TABLES.items():
        with op.batch_alter_table(table) as batch_op:
            batch_op.alter_column(
                "number", existing_type=sa.Integer(), type_=sa.BigInteger(), existing_nullable=nullable
            )


def downgrade() -> None:
    for table, nullable in TABLES.items():
        with op.batch_alter_table(table) as batch_op:
            batch_op.alter_column(
                "number", existing_type=sa.BigInteger(), type_=sa.Integer(), existing_nullable=nullable
            )
