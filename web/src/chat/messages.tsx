import type { ComponentProps, ComponentType } from "react";
import { ActionBarPrimitive, ComposerPrimitive, MessagePrimitive, ThreadPrimitive, useAuiState, type TextMessagePartProps } from "@assistant-ui/react";
import { useLangGraphInterruptState, useLangGraphSendCommand } from "@assistant-ui/react-langgraph";
import { MarkdownText } from "./markdown-text";
import { TOOL_UIS, ToolFallback } from "./tool-uis";
import { useMessageBranches } from "./agent-runtime";
import "./chat.css";

// The message parts every chat surface shares: the assistant panel and the agents' full-page chats.

/** The shared message components, for ThreadPrimitive.Messages. */
export const MESSAGE_COMPONENTS = { UserMessage, AssistantMessage, EditComposer };

/** Whether an approval waits for the user: a message sent now would be lost, so it waits too. */
function useApprovalPending(): boolean {
  return Boolean(useLangGraphInterruptState()?.value);
}

/** The message box: Enter sends, except while an approval waits (the text stays in the box). */
export function ChatInput(props: Pick<ComponentProps<"textarea">, "placeholder" | "className" | "autoFocus" | "aria-label">) {
  const pending = useApprovalPending();
  return <ComposerPrimitive.Input {...props} submitMode={pending ? "none" : "enter"} />;
}

/** The composer's Send button while no run is going, Stop while one is; held while an approval waits. */
export function SendOrStop({ disabled = false }: { disabled?: boolean }) {
  const pending = useApprovalPending();
  return (
    <>
      {pending && <p className="muted approval-pending" role="status" data-testid="approval-pending-note">Approve or reject the action above first; your message stays here until then.</p>}
      <ThreadPrimitive.If running={false}>
        <ComposerPrimitive.Send className="button primary" disabled={disabled || pending}>Send</ComposerPrimitive.Send>
      </ThreadPrimitive.If>
      <ThreadPrimitive.If running>
        <ComposerPrimitive.Cancel className="button">Stop</ComposerPrimitive.Cancel>
      </ThreadPrimitive.If>
    </>
  );
}

/** A user message; `Text` draws its text parts (the agent pages show attachment lines as chips). */
export function UserMessage({ Text }: { Text?: ComponentType<TextMessagePartProps> }) {
  return (
    <MessagePrimitive.Root className="chat-msg user" data-role="user">
      <MessagePrimitive.Parts components={Text ? { Text } : undefined} />
      <ActionBarPrimitive.Root className="chat-actions">
        <ActionBarPrimitive.Edit className="link-button">Edit</ActionBarPrimitive.Edit>
      </ActionBarPrimitive.Root>
      <BranchPicker />
    </MessagePrimitive.Root>
  );
}

/**
 * Editing a sent message: sending forks the thread from the checkpoint before it (the new
 * branch), Cancel leaves the message as it was.
 */
export function EditComposer() {
  return (
    <MessagePrimitive.Root className="chat-msg user editing" data-role="user-edit">
      <ComposerPrimitive.Root className="chat-edit">
        <ComposerPrimitive.Input className="chat-input" aria-label="Edit message" autoFocus />
        <div className="chat-actions">
          <ComposerPrimitive.Cancel className="button">Cancel</ComposerPrimitive.Cancel>
          <ComposerPrimitive.Send className="button primary">Send</ComposerPrimitive.Send>
        </div>
      </ComposerPrimitive.Root>
    </MessagePrimitive.Root>
  );
}

/** An assistant message: markdown text, tool cards by tool name (with a fallback), retry and copy. */
export function AssistantMessage() {
  return (
    <MessagePrimitive.Root className="chat-msg assistant" data-role="assistant">
      <MessagePrimitive.Parts components={{ Text: MarkdownText, tools: { by_name: TOOL_UIS, Fallback: ToolFallback } }} />
      <ActionBarPrimitive.Root className="chat-actions">
        <ActionBarPrimitive.Reload className="link-button">Retry</ActionBarPrimitive.Reload>
        <ActionBarPrimitive.Copy className="link-button">Copy</ActionBarPrimitive.Copy>
      </ActionBarPrimitive.Root>
      <BranchPicker />
    </MessagePrimitive.Root>
  );
}

/**
 * Previous/next variant of a message that was edited or retried. The variants come from the
 * thread's checkpoints on the agent server, so they survive a reload.
 */
export function BranchPicker() {
  const messageId = useAuiState((s) => s.message.id);
  const running = useAuiState((s) => s.thread.isRunning);
  const { branchesOf, switchTo } = useMessageBranches();
  const at = branchesOf(messageId);
  if (!at) return null;
  const go = (number: number) => switchTo(messageId, at.siblings[number - 1]!);
  return (
    <div className="chat-branches" role="group" aria-label="Versions" data-testid="branch-picker">
      <button type="button" className="link-button" aria-label="Previous version" disabled={running || at.number <= 1} onClick={() => go(at.number - 1)}>‹</button>
      <span data-testid="branch-number">{at.number}/{at.count}</span>
      <button type="button" className="link-button" aria-label="Next version" disabled={running || at.number >= at.count} onClick={() => go(at.number + 1)}>›</button>
    </div>
  );
}

/** The approve/reject card of an interrupt: writes that spend money or contact people wait here. */
export function Approval() {
  const interrupt = useLangGraphInterruptState();
  const send = useLangGraphSendCommand();
  const value = interrupt?.value as { type?: string; tool?: string; summary?: string; args?: Record<string, unknown> } | undefined;
  if (!value) return null;
  return (
    <div className="tool-card approval" role="group" aria-label="Approval needed" data-testid="approval-card">
      <strong>Approval needed{value.tool ? `: ${value.tool.replace(/_/g, " ")}` : ""}</strong>
      <p>{value.summary ?? "The assistant wants to take an action."}</p>
      <div className="dialog-actions">
        <button type="button" onClick={() => void send({ resume: "reject" })}>Reject</button>
        <button type="button" className="primary" onClick={() => void send({ resume: "approve" })}>Approve</button>
      </div>
    </div>
  );
}
