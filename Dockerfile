# Forty Thieves: the same app as `./ft run` (migrate once, then serve FT_WORKERS uvicorn processes)
# on port 8000; FT_DATABASE_URL=postgresql+psycopg://… for PostgreSQL (docker-compose.yml).
# docker build -t forty-thieves . && docker run -p 8000:8000 -v ft-data:/app/data forty-thieves
# Reached at http://localhost:8000; under another name add -e FT_PUBLIC_URL=https://… -e FT_ALLOWED_HOSTS=… (README).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    FT_HOST=0.0.0.0 FT_PORT=8000 FT_DATA_DIR=/app/data FT_WORKERS=1

WORKDIR /app
# DejaVu: the link-preview picture's font (accents, ¿ ¡). gcc: compiles the solver (mypyc).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
COPY pyproject.toml README.md ./
COPY app ./app
RUN pip install --no-cache-dir -e ".[build,postgres]" && python -c "from app.i18n import compile_catalogs; compile_catalogs()" \
    && python -m app.solver build
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static
COPY alembic.ini ./

RUN useradd --create-home --uid 10001 player && mkdir -p /app/data && chown player /app/data
USER player
VOLUME ["/app/data"]
EXPOSE 8000

# As ./ft run: migrations run once (python -m app migrate, under a lock), then FT_WORKERS uvicorn
# processes serve; none of them migrates.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s \
  CMD python -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz').status != 200)"
CMD ["sh", "-c", "python -m app migrate && exec python -m app serve"]
