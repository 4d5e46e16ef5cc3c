/**
 * `chat#TicketChat` (/tickets/chats/{chat_id}): a support ticket's conversation drawn as a chat,
 * the ticket's id being the chat's. It reads GET /tickets/details/{id} and answers through
 * POST /tickets/{id}/reply, so every rule of the ticket (who may write, status steps, mail to the
 * owner) stays the tickets domain's. The viewer's side is the owner's for the owner, staff's for staff.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useApi } from '../../react/data/ApiProvider.tsx';
import { useLabel } from '../../react/i18n/hooks.ts';
import type { RendererProps } from '../../react/registry/registry.ts';
import { Composer } from './Composer.tsx';
import { MessageBubble } from './MessageBubble.tsx';

interface TicketLine {
  id: number;
  at: string;
  by: string | null;
  staff: boolean;
  message: string | null;
}

interface Ticket {
  id: number;
  code: string;
  subject: string;
  description: string;
  created_at: string;
  is_owner: boolean;
  can_write: boolean;
  conversation: TicketLine[];
}

export function TicketChatScreen({ screen, params }: RendererProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const api = useApi();
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const id = params.chat_id && /^[0-9]+$/.test(params.chat_id) ? Number(params.chat_id) : null;

  const load = useCallback(async () => {
    if (id === null) return;
    const body = await api.get<{ data: Ticket }>(`/tickets/details/${id}`);
    setTicket(body.data);
  }, [api, id]);
  useEffect(() => void load().catch(() => setTicket(null)), [load]);

  const send = async (text: string) => {
    await api.post(`/tickets/${id}/reply`, { message: text });
    await load();
    return true;
  };
  // the owner's words are "own" for the owner; staff's for staff
  const own = (line: { staff: boolean }) => (ticket?.is_owner ? !line.staff : line.staff);

  return (
    <Stack spacing={2} data-testid="ticket-chat-screen">
      <Typography variant="h5" component="h1">
        {label(screen.title)}
      </Typography>
      {ticket && (
        <Paper variant="outlined">
          <Box sx={{ p: 1.5 }}>
            <Typography variant="subtitle1" component="h2" dir="auto">
              {ticket.subject}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('chat.ticket', { code: ticket.code })}
            </Typography>
          </Box>
          <Divider />
          <Box sx={{ p: 1.5, maxHeight: 'calc(100vh - 340px)', overflowY: 'auto' }} data-testid="chat-messages">
            <MessageBubble body={ticket.description} at={ticket.created_at} own={ticket.is_owner} />
            {ticket.conversation
              .filter((line) => line.message)
              .map((line) => (
                <MessageBubble
                  key={line.id}
                  id={line.id}
                  body={line.message!}
                  at={line.at}
                  own={own(line)}
                  author={own(line) ? undefined : (line.by ?? undefined)}
                />
              ))}
          </Box>
          <Divider />
          <Box sx={{ p: 1.5 }}>
            {ticket.can_write ? <Composer onSend={send} /> : <Alert severity="info">{t('chat.ticket_finished')}</Alert>}
          </Box>
        </Paper>
      )}
    </Stack>
  );
}
