# syntax=docker/dockerfile:1
# Two stages: `build` installs every dependency (dev ones included) and builds the client and
# the server (server/build.ts: JavaScript bundles in server/dist); `runtime` holds only what
# runs: the server's bundles with its production dependencies (pnpm deploy), the migrations and
# the built client. Nothing is built or compiled when a container starts.

FROM node:20.19-bookworm-slim AS build
# The pnpm of package.json's "packageManager".
RUN npm install --global pnpm@10.34.9
WORKDIR /src
# Manifests first: the dependency layer is reused until one of them changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
COPY bench/package.json bench/
COPY ops/package.json ops/
COPY test-support/package.json test-support/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm build
# The server's package as published: its package.json, dist/ (the only entry of its "files";
# @jotto/shared is inlined there) and its production dependencies.
# `--legacy`: pnpm 10 deploys from a workspace without injected packages this way.
RUN pnpm --filter @jotto/server deploy --prod --legacy /out/server

FROM node:20.19-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
# The layout the server expects (server/src/repo-root.ts): /app/server, /app/migrations,
# /app/client/dist, and /app/data for the embedded database.
WORKDIR /app
COPY --from=build /out/server ./server
COPY --from=build /src/migrations ./migrations
COPY --from=build /src/client/dist ./client/dist
# The code stays root's and read-only to the app; only the data folder is the app's.
RUN mkdir /app/data && chown node:node /app/data
USER node
WORKDIR /app/server
EXPOSE 3000
# Ready means 200 from /readyz: the database answers (Redis down is "degraded", still 200).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz',{signal:AbortSignal.timeout(2500)}).then(r=>process.exit(r.status===200?0:1),()=>process.exit(1))"]
# The compiled server, as `pnpm start` runs it; no package manager, no TypeScript at run time.
# Admin CLI: `docker compose exec app1 node dist/admin.js grant <username>`.
CMD ["node", "--enable-source-maps", "dist/main.js"]
