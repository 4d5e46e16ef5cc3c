/** Menu icons by the Material icon names YAML uses (`menu.icon`, navigation `icon`); a dot for unknown names. */
import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import AccountBalance from '@mui/icons-material/AccountBalance';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Assignment from '@mui/icons-material/Assignment';
import Build from '@mui/icons-material/Build';
import AssignmentInd from '@mui/icons-material/AssignmentInd';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Chat from '@mui/icons-material/Chat';
import Circle from '@mui/icons-material/Circle';
import Class from '@mui/icons-material/Class';
import Dashboard from '@mui/icons-material/Dashboard';
import Description from '@mui/icons-material/Description';
import Event from '@mui/icons-material/Event';
import EventNote from '@mui/icons-material/EventNote';
import FactCheck from '@mui/icons-material/FactCheck';
import GridOn from '@mui/icons-material/GridOn';
import Groups from '@mui/icons-material/Groups';
import History from '@mui/icons-material/History';
import Home from '@mui/icons-material/Home';
import Hotel from '@mui/icons-material/Hotel';
import HowToReg from '@mui/icons-material/HowToReg';
import Insights from '@mui/icons-material/Insights';
import ListAlt from '@mui/icons-material/ListAlt';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import MenuBook from '@mui/icons-material/MenuBook';
import Payments from '@mui/icons-material/Payments';
import People from '@mui/icons-material/People';
import Person from '@mui/icons-material/Person';
import QrCode from '@mui/icons-material/QrCode';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import Quiz from '@mui/icons-material/Quiz';
import Receipt from '@mui/icons-material/Receipt';
import School from '@mui/icons-material/School';
import Settings from '@mui/icons-material/Settings';
import Support from '@mui/icons-material/Support';
import ConfirmationNumber from '@mui/icons-material/ConfirmationNumber';
import DesignServices from '@mui/icons-material/DesignServices';
import EventBusy from '@mui/icons-material/EventBusy';
import Sell from '@mui/icons-material/Sell';
import SupportAgent from '@mui/icons-material/SupportAgent';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Grading from '@mui/icons-material/Grading';
import Work from '@mui/icons-material/Work';

const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  account_balance: AccountBalance,
  account_balance_wallet: AccountBalanceWallet,
  admin_panel_settings: AdminPanelSettings,
  assignment: Assignment,
  assignment_ind: AssignmentInd,
  build: Build,
  calendar: CalendarMonth,
  calendar_month: CalendarMonth,
  chat: Chat,
  class: Class,
  dashboard: Dashboard,
  description: Description,
  event: Event,
  event_note: EventNote,
  fact_check: FactCheck,
  grid_on: GridOn,
  groups: Groups,
  history: History,
  home: Home,
  hotel: Hotel,
  how_to_reg: HowToReg,
  insights: Insights,
  list: ListAlt,
  list_alt: ListAlt,
  manage_accounts: ManageAccounts,
  menu_book: MenuBook,
  payments: Payments,
  people: People,
  person: Person,
  qr_code: QrCode,
  qr_code_scanner: QrCodeScanner,
  quiz: Quiz,
  receipt: Receipt,
  school: School,
  settings: Settings,
  support: Support,
  confirmation_number: ConfirmationNumber,
  design_services: DesignServices,
  event_busy: EventBusy,
  sell: Sell,
  support_agent: SupportAgent,
  workspace_premium: WorkspacePremium,
  grading: Grading,
  work: Work,
};

/** Whether a YAML icon name has its icon (an unknown name draws a dot). */
export function hasMenuIcon(name: string): boolean {
  return Object.hasOwn(ICONS, name);
}

export function MenuIcon({ name, ...props }: { name?: string } & SvgIconProps) {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? <Icon fontSize="small" {...props} /> : <Circle sx={{ fontSize: 8, mx: 0.75 }} {...props} />;
}
