"""plays

Revision ID: 0001
Revises: (none)
Create Date: 2026-11-29 12:02:26.877777
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "plays",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("play_id", sa.String(length=32), nullable=False),
        sa.Column("visitor_id", sa.String(length=32), nullable=False),
        sa.Column("number", sa.Integer(), nullable=True),
        sa.Column("mode", sa.String(length=16), nullable=False),
        sa.Column("custom", sa.Boolean(), nullable=False),
        sa.Column("start_position", sa.JSON(), nullable=True),
        sa.Column("auto_safe", sa.Boolean(), nullable=False),
        sa.Column("history", sa.JSON(), nullable=False),
        sa.Column("cursor", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("undos", sa.Integer(), nullable=False),
        sa.Column("hints", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("elapsed_s", sa.Double(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_action_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_plays")),
        sa.UniqueConstraint("play_id", name=op.f("uq_plays_play_id")),
    )
    with op.batch_alter_table("plays", schema=None) as batch_op:
        batch_op.create_index("ix_plays_visitor_deal", ["visitor_id", "number", "mode", "id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("plays", schema=None) as batch_op:
        batch_op.drop_index("ix_plays_visitor_deal")

    op.drop_table("plays")
