"""plays: the history becomes one text of steps, each ended by ";", so an action appends to it

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01 22:10:00
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

plays = sa.table("plays", sa.column("id", sa.Integer), sa.column("history", sa.JSON), sa.column("steps", sa.Text))


def upgrade() -> None:
    with op.batch_alter_table("plays", schema=None) as batch_op:
        batch_op.add_column(sa.Column("steps", sa.Text(), nullable=False, server_default=""))
    conn = op.get_bind()
    for play_id, history in conn.execute(sa.select(plays.c.id, plays.c.history)).all():
        texts = json.loads(history) if isinstance(history, str) else (history or [])
        conn.execute(plays.update().where(plays.c.id == play_id).values(steps="".join(t + ";" for t in texts)))
    with op.batch_alter_table("plays", schema=None) as batch_op:
        batch_op.drop_column("history")


def downgrade() -> None:
    with op.batch_alter_table("plays", schema=None) as batch_op:
        batch_op.add_column(sa.Column("history", sa.JSON(), nullable=True))
    conn = op.get_bind()
    for play_id, steps in conn.execute(sa.select(plays.c.id, plays.c.steps)).all():
        conn.execute(plays.update().where(plays.c.id == play_id).values(history=steps.split(";")[:-1]))
    with op.batch_alter_table("plays", schema=None) as batch_op:
        batch_op.drop_column("steps")
