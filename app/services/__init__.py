"""The service layer both faces call (no FastAPI here): plays and their actions, hints, the
dead-end check, analyses, deals and the pool worker, records, challenges and the solver pool.
ARCHITECTURE.md, "Layout to reach"."""
