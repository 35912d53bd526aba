import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// React Router's default entry, except that hydration starts in a task of its own rather than in the one that
// evaluated every module of the page: on a phone each of those is a long task, together one twice as long. A message
// to itself queues the task without a timer, which the browser would slow to once a second in a tab opened in the
// background (React's scheduler yields the same way).
const nextTask = new MessageChannel();
nextTask.port1.onmessage = hydrate;
nextTask.port2.postMessage(null);
