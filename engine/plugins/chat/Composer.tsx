/** The message field and its send button: Enter sends, Shift+Enter starts a new line. */
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/Send';

export const BODY_MAX = 4000;

export function Composer({ onSend }: { onSend: (text: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const value = text.trim();
    if (!value || busy) return;
    setBusy(true);
    try {
      if (await onSend(value)) setText('');
    } catch {
      // the API client has shown the server's message; the text stays for another try
    } finally {
      setBusy(false);
    }
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
      <TextField
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKey}
        placeholder={t('chat.type_message')}
        multiline
        maxRows={5}
        fullWidth
        size="small"
        slotProps={{
          htmlInput: {
            dir: 'auto',
            maxLength: BODY_MAX,
            'aria-label': t('chat.type_message'),
            'data-testid': 'chat-input',
          },
        }}
      />
      <Button
        variant="contained"
        onClick={() => void submit()}
        disabled={busy || !text.trim()}
        // the arrow points the way the text runs
        endIcon={<SendIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />}
        data-testid="chat-send"
      >
        {t('chat.send')}
      </Button>
    </Stack>
  );
}
