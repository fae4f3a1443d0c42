"""finish cards, visitors, shared deals

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29 12:07:30.576145
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "visitors",
        sa.Column("visitor_id", sa.String(length=32), nullable=False),
        sa.Column("display_name", sa.String(length=24), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("visitor_id", name=op.f("pk_visitors")),
    )
    op.create_table(
        "finish_cards",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("play_row_id", sa.Integer(), nullable=False),
        sa.Column("visitor_id", sa.String(length=32), nullable=False),
        sa.Column("number", sa.Integer(), nullable=True),
        sa.Column("mode", sa.String(length=16), nullable=False),
        sa.Column("custom", sa.Boolean(), nullable=False),
        sa.Column("result", sa.String(length=16), nullable=False),
        sa.Column("moves", sa.Integer(), nullable=False),
        sa.Column("elapsed_s", sa.Double(), nullable=False),
        sa.Column("undos", sa.Integer(), nullable=False),
        sa.Column("hints", sa.Integer(), nullable=False),
        sa.Column("cards_home", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["play_row_id"], ["plays.id"], name=op.f("fk_finish_cards_play_row_id_plays")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_finish_cards")),
        sa.UniqueConstraint("play_row_id", name=op.f("uq_finish_cards_play_row_id")),
    )
    with op.batch_alter_table("finish_cards", schema=None) as batch_op:
        batch_op.create_index("ix_finish_cards_deal", ["number", "mode", "result"], unique=False)
        batch_op.create_index("ix_finish_cards_visitor", ["visitor_id", "mode", "id"], unique=False)

    op.create_table(
        "shared_deals",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("mode", sa.String(length=16), nullable=False),
        sa.Column("visitor_id", sa.String(length=32), nullable=False),
        sa.Column("finish_card_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["finish_card_id"], ["finish_cards.id"], name=op.f("fk_shared_deals_finish_card_id_finish_cards")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shared_deals")),
        sa.UniqueConstraint("code", name=op.f("uq_shared_deals_code")),
    )


def downgrade() -> None:
    op.drop_table("shared_deals")
    with op.batch_alter_table("finish_cards", schema=None) as batch_op:
        batch_op.drop_index("ix_finish_cards_visitor")
        batch_op.drop_index("ix_finish_cards_deal")

    op.drop_table("finish_cards")
    op.drop_table("visitors")
