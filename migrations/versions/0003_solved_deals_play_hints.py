"""solved deals, play hints

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29 12:08:09.588065
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "solved_deals",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("mode", sa.String(length=16), nullable=False),
        sa.Column("verdict", sa.String(length=16), nullable=False),
        sa.Column("line", sa.JSON(), nullable=True),
        sa.Column("line_length", sa.Integer(), nullable=True),
        sa.Column("nodes", sa.Integer(), nullable=False),
        sa.Column("elapsed_ms", sa.Double(), nullable=False),
        sa.Column("solver_version", sa.String(length=16), nullable=False),
        sa.Column("solved_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_solved_deals")),
        sa.UniqueConstraint("number", "mode", name=op.f("uq_solved_deals_number")),
    )
    with op.batch_alter_table("solved_deals", schema=None) as batch_op:
        batch_op.create_index("ix_solved_deals_pool", ["mode", "verdict", "number"], unique=False)

    op.create_table(
        "play_hints",
        sa.Column("play_row_id", sa.Integer(), nullable=False),
        sa.Column("origin", sa.JSON(), nullable=False),
        sa.Column("line", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["play_row_id"], ["plays.id"], name=op.f("fk_play_hints_play_row_id_plays")),
        sa.PrimaryKeyConstraint("play_row_id", name=op.f("pk_play_hints")),
    )


def downgrade() -> None:
    op.drop_table("play_hints")
    with op.batch_alter_table("solved_deals", schema=None) as batch_op:
        batch_op.drop_index("ix_solved_deals_pool")

    op.drop_table("solved_deals")
