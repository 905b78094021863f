# Self-hosted image: builds the SPA and the API, serves both from one Node process (ARCHITECTURE.md §2).
FROM node:20-bookworm-slim AS build
RUN npm i -g pnpm@10
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build && pnpm prune --prod
# pdfjs reads its WebAssembly decoders (JBIG2, CCITT, JPEG 2000), standard fonts and CMaps from its package at
# run time (apps/api/src/ai/pdf-pages.ts): they ship with node_modules, and the build fails without them.
RUN cd apps/api && node -e "const p = require('path').dirname(require.resolve('pdfjs-dist/package.json')); \
  for (const f of ['wasm/jbig2.wasm', 'wasm/openjpeg.wasm', 'standard_fonts/FoxitSerif.pfb', 'cmaps/UniJIS-UCS2-H.bcmap']) \
    require('fs').accessSync(p + '/' + f);"
# ZXing reads the scans' QR codes with its WebAssembly build, read from its package (domain/scans/decoders.ts)
# instead of zxing-wasm's default download from a CDN: the build fails without it.
RUN cd apps/api && node -e "require('fs').accessSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'))"

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/api/dist/server.js"]
