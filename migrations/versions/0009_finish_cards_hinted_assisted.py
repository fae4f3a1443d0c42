"""finish cards: a play with hints is assisted (counts in statistics, never for records)

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02

Cards stored before hints made a play assisted are marked now, so a hinted win already in a
deal's records leaves them. One way: the downgrade cannot tell which of them were assisted for
another reason (the solver's line seen), so it leaves the flag as it is.
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

finish_cards = sa.table("finish_cards", sa.column("hints", sa.Integer), sa.column("assisted", sa.Boolean))


def upgrade() -> None:
    op.execute(finish_cards.update().where(finish_cards.c.hints > 0).values(assisted=True))


def downgrade() -> None:
    pass
