/**
 * `chat#AllChats` (/chats, access_chat): every conversation, latest activity first, paged; a row
 * opens it as its first person sees it (/chats/{chat_id}/show/{user_id}).
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../core/dates.ts';
import { useApi } from '../../react/data/ApiProvider.tsx';
import { useLabel, useLanguage } from '../../react/i18n/hooks.ts';
import type { RendererProps } from '../../react/registry/registry.ts';
import { personName, type Chat } from './chat-model.ts';

export function AllChatsScreen({ screen }: RendererProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const lang = useLanguage();
  const api = useApi();
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const [rows, setRows] = useState<{ data: Chat[]; count: number } | null>(null);

  const load = useCallback(async () => {
    const body = await api.get<{ data: Chat[]; meta: { count: number } }>('/chats/all', {
      params: { page: page + 1, perPage },
    });
    setRows({ data: body.data, count: body.meta.count });
  }, [api, page, perPage]);
  useEffect(() => void load().catch(() => setRows({ data: [], count: 0 })), [load]);

  return (
    <Stack spacing={2} data-testid="chat-all-screen">
      <Typography variant="h5" component="h1">
        {label(screen.title)}
      </Typography>
      <Paper variant="outlined">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('chat.col_people')}</TableCell>
              <TableCell>{t('chat.col_last')}</TableCell>
              <TableCell>{t('common.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.data.map((chat) => (
              <TableRow
                key={chat.id}
                hover
                sx={{ cursor: 'pointer' }}
                onClick={() => void navigate(`/chats/${chat.id}/show/${chat.members[0]?.id ?? 0}`)}
                data-testid="chat-all-row"
              >
                <TableCell dir="auto">
                  {chat.title ? `${chat.title}: ` : ''}
                  {chat.members.map((m) => personName(m, lang)).join(lang === 'ar' ? '، ' : ', ')}
                </TableCell>
                <TableCell>{chat.last_message_at ? formatDateTime(chat.last_message_at, lang) : ''}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={chat.closed ? 'default' : 'success'}
                    label={chat.closed ? t('chat.closed') : t('chat.open')}
                  />
                </TableCell>
              </TableRow>
            ))}
            {rows && !rows.data.length && (
              <TableRow>
                <TableCell colSpan={3}>{t('common.no_records')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={rows?.count ?? 0}
          page={page}
          rowsPerPage={perPage}
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('list.per_page')}
        />
      </Paper>
    </Stack>
  );
}
