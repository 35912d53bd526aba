import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

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
          // releases; the rest is split by what each page uses (merging more measured slower: decision 029).
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
                },
                // The site's small hooks, shared by the root and by pages' components loaded when first wanted: one
                // file rather than a chunk of a few hundred bytes for each.
                { name: "hooks", test: /[\\/]app[\\/]lib[\\/]use-(component-when|hydrated|root-data)\.ts$/ },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter()],
});
