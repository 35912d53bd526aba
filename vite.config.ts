import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const FRAMEWORK_MODULE = /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

/** Where the code every hydrating page runs starts: the root route, and the head tags every route's meta builds. */
const SHELL_STARTS = ["app/root.tsx", "app/lib/seo.ts", "app/lib/structured-data.ts"].map((file) => path.resolve(file));

/**
 * An index that re-exports every icon: following its imports would count every icon that any lazily loaded part uses
 * as the shell's, so the shell's own modules import each icon from its own file (`lucide-react/icons/menu`).
 */
const ICON_INDEX = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/** What the chunking function is given to read the module graph with. */
type ModuleGraph = { getModuleInfo(id: string): { importedIds: string[] } | null };

let shellModules: Set<string> | null = null;

/**
 * Whether every hydrating page runs the module: a start of the shell, or a module one imports, directly or through
 * others, without a dynamic import or the icon index on the way. Computed once per build.
 */
function inShell(id: string, graph: ModuleGraph): boolean {
  if (!shellModules) {
    const found = new Set<string>();
    const pending = [...SHELL_STARTS];
    while (pending.length > 0) {
      const next = pending.pop() as string;
      if (found.has(next) || ICON_INDEX.test(next)) continue;
      found.add(next);
      pending.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
    }
    shellModules = found;
  }
  return shellModules.has(id);
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  build: {
    rollupOptions: {
      // Rolldown warns when plugins take most of a build's time; on a busy machine that is React Router's and
      // Tailwind's own plugins, which the project cannot speed up, so the warning would only be noise.
      checks: { bundlerTimings: false },
    },
  },
  environments: {
    ssr: {
      // Bundled into the server build rather than loaded from node_modules at start: their entry points re-export
      // thousands of modules (every icon, every Radix primitive), and loading those took most of a cold start.
      resolve: {
        noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//, "react-day-picker", "class-variance-authority"],
      },
      build: {
        rollupOptions: {
          input: "./server/app.ts",
          // A form loads its schema when first sent (a dynamic import) so that it stays out of the page's first load;
          // the server imports the same schema statically, and one server bundle has nothing to split.
          checks: { ineffectiveDynamicImport: false },
        },
      },
    },
    client: {
      build: {
        rollupOptions: {
          // React, React DOM and React Router in one file that every page needs and that stays cached between
          // releases; the site's shell in a second; the rest is split by what each page uses (decisions 029, 044).
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: FRAMEWORK_MODULE,
                  // Taken first: the shell's modules import the framework, and a group takes its modules' imports.
                  priority: 2,
                },
                // The root route and what it and every page's head tags import (the layout, header, footer, the
                // menus' and dialogs' shells, cn, the icons they draw) in one file: every hydrating page loads all of
                // it anyway, and one file compresses to about 5 KB less than the thirty it was split into, each with
                // its own imports and gzip dictionary. What a page or a first use loads stays in chunks of its own.
                {
                  name: (id, graph) => (!FRAMEWORK_MODULE.test(id) && inShell(id, graph) ? "shell" : null),
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter()],
});
