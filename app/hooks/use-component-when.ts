import { type ComponentType, useEffect, useState } from "react";

/**
 * Loads a component's module once `needed` turns true and returns the component while it is needed, or null (before
 * it has arrived, and whenever it is not needed).
 * Unlike React.lazy nothing suspends: a Suspense boundary that resolves shortly after showing its fallback holds the
 * content back until 300 ms have passed since then (React batches reveals), so a menu or dialog the visitor opened
 * would show late.
 */
export function useComponentWhen<Props>(
  needed: boolean,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> | null {
  const [component, setComponent] = useState<ComponentType<Props> | null>(null);
  useEffect(() => {
    if (!needed || component) return;
    let current = true;
    void load().then((loaded) => {
      if (current) setComponent(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [needed, component, load]);
  return needed ? component : null;
}
