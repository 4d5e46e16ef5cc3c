/**
 * One message: the viewer's own on the end side, others' on the start side (mirrored in Arabic by
 * the theme). The text takes its own direction (dir="auto"), so an Arabic message reads right to
 * left in the English interface and an English one left to right in the Arabic interface.
 */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../core/dates.ts';
import { useLanguage } from '../../react/i18n/hooks.ts';

export interface BubbleProps {
  body: string;
  at: string;
  own: boolean;
  author?: string;
  receipt?: 'sent' | 'some' | 'all' | null;
  id?: number;
}

const RECEIPT = { sent: 'chat.receipt_sent', some: 'chat.receipt_some', all: 'chat.receipt_read' } as const;

export function MessageBubble({ body, at, own, author, receipt, id }: BubbleProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Box
      data-testid="chat-message"
      data-own={String(own)}
      data-id={id}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: own ? 'flex-end' : 'flex-start', my: 0.5 }}
    >
      {author && (
        <Typography variant="caption" color="text.secondary" sx={{ px: 1 }}>
          {author}
        </Typography>
      )}
      <Box
        dir="auto"
        sx={{
          maxWidth: { xs: '85%', md: '70%' },
          px: 1.5,
          py: 1,
          borderRadius: 2,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          bgcolor: own ? 'primary.main' : 'action.hover',
          color: own ? 'primary.contrastText' : 'text.primary',
          textAlign: 'start',
          unicodeBidi: 'plaintext',
        }}
      >
        {body}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ px: 1 }}>
        {formatDateTime(at, lang)}
        {receipt && (
          <Box component="span" data-testid="chat-receipt" data-receipt={receipt} sx={{ ms: 1 }}>
            {' · '}
            {t(RECEIPT[receipt])}
          </Box>
        )}
      </Typography>
    </Box>
  );
}
