# The site's production image (docs/production.md). Node 24, the active LTS line: Node 20 reached its end of life in
# April 2026. Build: docker build -t podcast-site .   Run: see compose.yaml.
ARG NODE_IMAGE=node:24-bookworm-slim

# Every dependency, to build the client, the server bundle and the empty database cluster.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies alone: what the server, npm run backup, restore and admin:password import.
FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# Read at run time: the migrations, the sample episodes' files, and the sources the command-line scripts run from.
COPY package.json package-lock.json tsconfig.json ./
COPY drizzle ./drizzle
COPY public ./public
COPY app ./app
COPY scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 5000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# npm run serve's command, without npm in between: the server gets SIGTERM itself and finishes open requests.
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=128", "--v8-pool-size=1", "build/server/start.js"]
