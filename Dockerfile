# Multi-stage build: compile everything, then run the server as a non-root user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY core/package.json core/
COPY server/package.json server/
COPY client/package.json client/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
# pg_dump and pg_restore for backups (npm run backup, the daily one), of the server's major version
# (PostgreSQL 16 in docker-compose.yml): from PostgreSQL's own Debian repository.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-common ca-certificates \
  && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
  && apt-get install -y --no-install-recommends postgresql-client-16 \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /app/backups && chown node:node /app/backups
USER node
EXPOSE 4000
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:4000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Node flags as scripts/start.mjs SERVER_NODE_FLAGS gives them (start.test.mjs checks).
CMD ["node", "--max-semi-space-size=32", "server/dist/main.js"]
