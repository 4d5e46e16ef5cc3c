/**
 * Starting a conversation: the people this user may reach (GET /chats/contacts) with how they are
 * related, a search over their names, one person for a one-to-one conversation or several for a
 * group with an optional name.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useApi } from '../../react/data/ApiProvider.tsx';
import { useLanguage } from '../../react/i18n/hooks.ts';
import { personName, type Chat, type Contact } from './chat-model.ts';

const RELATION = {
  advisor: 'chat.relation_advisor',
  instructor: 'chat.relation_instructor',
  support: 'chat.relation_support',
  student: 'chat.relation_student',
} as const;

export function NewChatDialog({
  open,
  onClose,
  onStarted,
}: {
  open: boolean;
  onClose: () => void;
  onStarted: (chat: Chat) => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const lang = useLanguage();
  const [contacts, setContacts] = useState<Contact[] | null>(null);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setChosen([]);
    setTitle('');
    setSearch('');
    void api.get<{ data: Contact[] }>('/chats/contacts').then(
      (b) => setContacts(b.data),
      () => setContacts([]),
    );
  }, [api, open]);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (contacts ?? []).filter((c) => !q || `${c.name} ${c.name_local ?? ''}`.toLowerCase().includes(q));
  }, [contacts, search]);

  const toggle = (id: number) =>
    setChosen((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  const start = async () => {
    setBusy(true);
    try {
      const body = await api.post<{ data: Chat }>('/chats/start', {
        user_ids: chosen,
        title: title.trim() || undefined,
      });
      onStarted(body.data);
    } catch {
      // the API client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="chat-new-dialog">
      <DialogTitle>{t('chat.new_chat')}</DialogTitle>
      <DialogContent dividers>
        <TextField
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          label={t('chat.search_people')}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { dir: 'auto', 'data-testid': 'chat-search' } }}
        />
        {contacts && !contacts.length && (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('chat.no_contacts')}
          </Typography>
        )}
        <List dense sx={{ maxHeight: 320, overflowY: 'auto' }}>
          {shown.map((c) => (
            <ListItemButton key={c.id} onClick={() => toggle(c.id)} data-testid="chat-contact" data-user={c.id}>
              <ListItemIcon>
                <Checkbox
                  edge="start"
                  checked={chosen.includes(c.id)}
                  tabIndex={-1}
                  disableRipple
                  slotProps={{ input: { 'aria-label': personName(c, lang) } }}
                />
              </ListItemIcon>
              <ListItemText primary={personName(c, lang)} secondary={t(RELATION[c.relation])} />
            </ListItemButton>
          ))}
        </List>
        {chosen.length > 1 && (
          <TextField
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            label={t('chat.group_title')}
            fullWidth
            size="small"
            slotProps={{ htmlInput: { dir: 'auto', maxLength: 120 } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1, px: 2 }}>
          {chosen.length ? t('chat.chosen', { count: chosen.length }) : ''}
        </Typography>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!chosen.length || busy}
          onClick={() => void start()}
          data-testid="chat-start"
        >
          {t('chat.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
