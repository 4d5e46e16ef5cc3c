/** The live stream for as long as a chat screen is shown (headless). */
import { useEffect, useRef } from 'react';
import { API_BASE } from '../../core/api/client.ts';
import { useSession } from '../../react/data/SessionProvider.tsx';
import { openChatStream, type StreamEvent } from './stream-client.ts';

export function useChatStream(onEvent: (event: StreamEvent) => void): void {
  const { store } = useSession();
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(
    () =>
      openChatStream({
        url: `${API_BASE}/chats/stream`,
        getToken: () => store.getToken(),
        onEvent: (event) => handler.current(event),
      }),
    [store],
  );
}
