"""Storage: SQLAlchemy 2.0 models and sessions; the schema changes only through Alembic."""
