/**
 * The chat plugin. `chatPlugin` registers `chat#Chat`, `chat#AllChats`, `chat#Moderate` and
 * `chat#TicketChat` for YAML screens (`view: plugin`); the pure rules are in ./chat-model.ts and
 * the live stream's reader in ./stream-client.ts. The server side is server/domains/chat.
 */
export { chatPlugin } from './plugin.ts';
export * from './chat-model.ts';
export { openChatStream, parseBlock, splitBlocks, type StreamEvent } from './stream-client.ts';
