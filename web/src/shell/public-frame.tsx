import { Suspense, lazy, type ReactNode } from "react";
import { Link } from "react-router";

// The customer chatbot loads after the page: it must not weigh on /login's first JavaScript.
const ChatbotWidget = lazy(() => import("../features/chatbot/chatbot-widget").then((m) => ({ default: m.ChatbotWidget })));

/** The frame of pages seen without login: the brand, the page, and the customer chatbot (000 §2.7). */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="public-frame">
      <header className="public-header">
        <Link to="/login" className="brand">Atelier</Link>
      </header>
      <main className="public-main">{children}</main>
      <Suspense fallback={null}>
        <ChatbotWidget />
      </Suspense>
    </div>
  );
}
