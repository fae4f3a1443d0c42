"""survey verdicts: the winnability survey's verdict per deal, mode, solver version and budget

Revision ID: 0012
Revises: 0010
Create Date: 2026-12-02 03:10:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "survey_verdicts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("sample", sa.String(length=32), nullable=False),
        sa.Column("number", sa.BigInteger(), nullable=False),
        sa.Column("mode", sa.String(length=16), nullable=False),
        sa.Column("solver_version", sa.String(length=16), nullable=False),
        sa.Column("budget", sa.String(length=40), nullable=False),
        sa.Column("verdict", sa.String(length=16), nullable=False),
        sa.Column("nodes", sa.BigInteger(), nullable=False),
        sa.Column("elapsed_ms", sa.Double(), nullable=False),
        sa.Column("line", sa.Text(), nullable=True),
        sa.Column("line_length", sa.Integer(), nullable=True),
        sa.Column("solved_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_survey_verdicts")),
        sa.UniqueConstraint(
            "sample", "mode", "solver_version", "budget", "number", name=op.f("uq_survey_verdicts_sample")
        ),
    )


def downgrade() -> None:
    op.drop_table("survey_verdicts")
