/**
 * The chat screens' state (headless): the user's conversations, the open one with its messages
 * (paged back on demand), sending, read receipts, and every live event applied to both. A message
 * from someone else in the open conversation is marked read while the page is visible.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../react/data/ApiProvider.tsx';
import { useLiveDataRefresh } from '../../react/data/LiveDataProvider.tsx';
import { mergeMessages, PAGE_SIZE, withReadMark, type Chat, type ChatMessage } from './chat-model.ts';
import type { StreamEvent } from './stream-client.ts';
import { useChatStream } from './useChatStream.ts';

export interface OpenChat {
  chat: Chat;
  messages: ChatMessage[];
  hasMore: boolean;
}

interface Page {
  data: ChatMessage[];
  has_more: boolean;
}

export function useChat(options: { openId: number | null; viewer: number | null; list: boolean; markRead: boolean }) {
  const api = useApi();
  // the top bar's unread count follows what this screen reads and receives
  const refreshCount = useLiveDataRefresh();
  const { openId, viewer, list, markRead } = options;
  const [chats, setChats] = useState<Chat[] | null>(null);
  const [open, setOpen] = useState<OpenChat | null>(null);
  const [failed, setFailed] = useState(false);
  const openRef = useRef(open);
  openRef.current = open;

  const loadList = useCallback(async () => {
    if (!list) return;
    const body = await api.get<{ data: Chat[] }>('/chats/mine', { toast: false }).catch(() => null);
    if (body) setChats(body.data);
  }, [api, list]);

  const read = useCallback(
    async (chat: Chat, messages: ChatMessage[]) => {
      if (!markRead || !chat.is_member || viewer === null) return;
      const last = messages.at(-1);
      const mine = chat.members.find((m) => m.id === viewer);
      if (!last || !mine || mine.last_read_id >= last.id || document.visibilityState === 'hidden') return;
      await api.post(`/chats/${chat.id}/read`, { message_id: last.id }, { toast: false }).catch(() => null);
      refreshCount();
      setChats((list) => list?.map((c) => (c.id === chat.id ? { ...c, unread: 0 } : c)) ?? null);
    },
    [api, markRead, refreshCount, viewer],
  );

  const loadOpen = useCallback(
    async (id: number) => {
      try {
        const [chat, page] = await Promise.all([
          api.get<{ data: Chat }>(`/chats/${id}`),
          api.get<Page>(`/chats/${id}/messages`, { params: { limit: PAGE_SIZE } }),
        ]);
        setFailed(false);
        setOpen({ chat: chat.data, messages: page.data, hasMore: page.has_more });
        void read(chat.data, page.data);
      } catch {
        setFailed(true);
        setOpen(null);
      }
    },
    [api, read],
  );

  useEffect(() => void loadList(), [loadList]);
  useEffect(() => {
    setOpen(null);
    if (openId !== null) void loadOpen(openId);
  }, [openId, loadOpen]);

  const loadEarlier = useCallback(async () => {
    const current = openRef.current;
    if (!current?.messages.length) return;
    const page = await api.get<Page>(`/chats/${current.chat.id}/messages`, {
      params: { limit: PAGE_SIZE, before: current.messages[0]!.id },
    });
    setOpen((o) =>
      o && o.chat.id === current.chat.id
        ? { ...o, messages: mergeMessages(o.messages, page.data), hasMore: page.has_more }
        : o,
    );
  }, [api]);

  const addMessage = useCallback(
    (message: ChatMessage) => {
      const current = openRef.current;
      if (current && current.chat.id === message.chat_id) {
        const messages = mergeMessages(current.messages, [message]);
        setOpen({ ...current, messages });
        if (message.author_id !== viewer) void read(current.chat, messages);
      }
      setChats((list) => {
        if (!list) return list;
        const known = list.find((c) => c.id === message.chat_id);
        if (!known) {
          void loadList();
          return list;
        }
        const isOpen = current?.chat.id === message.chat_id;
        if (!isOpen && message.author_id !== viewer) refreshCount();
        const updated: Chat = {
          ...known,
          last_message: message,
          last_message_at: message.created_at,
          unread: isOpen || message.author_id === viewer ? known.unread : known.unread + 1,
        };
        return [updated, ...list.filter((c) => c.id !== message.chat_id)];
      });
    },
    [loadList, read, refreshCount, viewer],
  );

  const send = useCallback(
    async (text: string) => {
      const current = openRef.current;
      if (!current) return false;
      const body = await api.post<{ data: ChatMessage }>(`/chats/${current.chat.id}/messages`, { body: text });
      addMessage(body.data);
      return true;
    },
    [api, addMessage],
  );

  const setClosed = useCallback(
    async (closed: boolean) => {
      const current = openRef.current;
      if (!current) return;
      await api.post(`/chats/${current.chat.id}/${closed ? 'close' : 'reopen'}`);
      await loadOpen(current.chat.id);
      await loadList();
    },
    [api, loadList, loadOpen],
  );

  const onEvent = useCallback(
    (event: StreamEvent) => {
      const current = openRef.current;
      if (event.type === 'message') addMessage(event.message);
      else if (event.type === 'read') {
        if (current?.chat.id === event.chat_id)
          setOpen({ ...current, chat: withReadMark(current.chat, event.user_id, event.last_read_id) });
      } else if (event.type === 'chat') {
        void loadList();
        if (current?.chat.id === event.chat_id) void loadOpen(event.chat_id);
      } else if (event.type === 'resync') {
        void loadList();
        if (current) void loadOpen(current.chat.id);
      }
    },
    [addMessage, loadList, loadOpen],
  );
  useChatStream(onEvent);

  return { chats, open, failed, loadEarlier, send, setClosed, reloadList: loadList };
}
