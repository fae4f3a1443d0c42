"""state shared by every server process: leases (the pool worker's leader, analyses under way),
the wanted-deals queue and the solver rate-limit window

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-02 03:10:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("holder", sa.String(length=100), nullable=False),
        sa.Column("state", sa.String(length=16), nullable=False),
        sa.Column("expires_at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_leases")),
    )
    op.create_table(
        "wanted_deals",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("number", sa.BigInteger(), nullable=False),
        sa.Column("mode", sa.String(length=16), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_wanted_deals")),
        sa.UniqueConstraint("number", "mode", name=op.f("uq_wanted_deals_number")),
    )
    op.create_table(
        "solver_hits",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=100), nullable=False),
        sa.Column("at", sa.Double(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_solver_hits")),
    )
    op.create_index("ix_solver_hits_key", "solver_hits", ["key", "at"], unique=False)
    op.create_index("ix_solver_hits_at", "solver_hits", ["at"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_solver_hits_at", table_name="solver_hits")
    op.drop_index("ix_solver_hits_key", table_name="solver_hits")
    op.drop_table("solver_hits")
    op.drop_table("wanted_deals")
    op.drop_table("leases")
