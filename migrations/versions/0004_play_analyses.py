"""play analyses

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29 12:32:33.295998
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "play_analyses",
        sa.Column("play_row_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.String(length=16), nullable=False),
        sa.Column("positions", sa.Integer(), nullable=False),
        sa.Column("last_winnable", sa.Integer(), nullable=True),
        sa.Column("first_lost", sa.Integer(), nullable=True),
        sa.Column("lost_line", sa.JSON(), nullable=True),
        sa.Column("deal_line", sa.JSON(), nullable=True),
        sa.Column("probes", sa.Integer(), nullable=False),
        sa.Column("elapsed_ms", sa.Double(), nullable=False),
        sa.Column("solver_version", sa.String(length=16), nullable=False),
        sa.Column("analysed_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["play_row_id"], ["plays.id"], name=op.f("fk_play_analyses_play_row_id_plays")),
        sa.PrimaryKeyConstraint("play_row_id", name=op.f("pk_play_analyses")),
    )


def downgrade() -> None:
    op.drop_table("play_analyses")
