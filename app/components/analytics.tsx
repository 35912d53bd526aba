import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { startAnalytics, trackPageView } from "~/lib/analytics";

/** Starts analytics once in the browser and sends a page view for the first page and every navigation after it. */
export function Analytics({ measurementId }: { measurementId: string | null }) {
  const [running, setRunning] = useState(false);
  const { pathname, search } = useLocation();

  useEffect(() => {
    setRunning(startAnalytics(measurementId));
  }, [measurementId]);

  useEffect(() => {
    if (!running) return;
    trackPageView({ path: `${pathname}${search}`, url: window.location.href, title: document.title });
  }, [running, pathname, search]);

  return null;
}
