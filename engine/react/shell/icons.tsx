/** Menu icons by the names YAML uses (`menu.icon`, navigation `icon`); a dot for unknown names. */
import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import Assignment from '@mui/icons-material/Assignment';
import Chat from '@mui/icons-material/Chat';
import Circle from '@mui/icons-material/Circle';
import Dashboard from '@mui/icons-material/Dashboard';
import Description from '@mui/icons-material/Description';
import Event from '@mui/icons-material/Event';
import Home from '@mui/icons-material/Home';
import ListAlt from '@mui/icons-material/ListAlt';
import Payments from '@mui/icons-material/Payments';
import People from '@mui/icons-material/People';
import Person from '@mui/icons-material/Person';
import QrCode from '@mui/icons-material/QrCode';
import School from '@mui/icons-material/School';
import Settings from '@mui/icons-material/Settings';

const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  dashboard: Dashboard,
  home: Home,
  school: School,
  student: School,
  people: People,
  users: People,
  person: Person,
  profile: Person,
  payments: Payments,
  wallet: AccountBalanceWallet,
  credit: AccountBalanceWallet,
  event: Event,
  calendar: Event,
  assignment: Assignment,
  description: Description,
  document: Description,
  list: ListAlt,
  chat: Chat,
  qr: QrCode,
  settings: Settings,
};

export function MenuIcon({ name, ...props }: { name?: string } & SvgIconProps) {
  const Icon = (name && ICONS[name]) || Circle;
  return <Icon fontSize={name && ICONS[name] ? 'small' : 'inherit'} {...props} />;
}
