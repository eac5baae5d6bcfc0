import { TextMessagePartProvider } from "@assistant-ui/react";
import { MarkdownTextPrimitive } from "@assistant-ui/react-markdown";
import "./markdown-text.css";

/** An assistant text part as markdown (bold, lists, links), the way models and the offline assistant write. */
export function MarkdownText() {
  return <MarkdownTextPrimitive className="chat-markdown" />;
}

/**
 * A finished answer's text drawn by the same markdown renderer, outside a chat runtime (the
 * storefront chatbot keeps its own messages): the text is handed over as a complete message part.
 */
export function MarkdownAnswer({ text }: { text: string }) {
  return (
    <TextMessagePartProvider text={text}>
      <MarkdownTextPrimitive className="chat-markdown" smooth={false} />
    </TextMessagePartProvider>
  );
}
