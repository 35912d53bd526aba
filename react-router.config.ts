import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The site sends Referrer-Policy: no-referrer, so a browser posting one of its forms names the origin "null".
  // React Router refuses an action from an origin other than the request's; the server's own check (isCrossSiteWrite
  // in server/security.ts) has already let through only a "null" the browser marks same-origin.
  allowedActionOrigins: ["null"],
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
