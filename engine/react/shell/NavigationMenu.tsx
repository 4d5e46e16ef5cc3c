/**
 * The navigation menu from the manifest, showing only what the user may open
 * (`visibleMenu`). Vertical: a nested list for the side drawer. Horizontal: a bar of
 * buttons with drop-down groups.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Button,
  Collapse,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Tooltip,
  useTheme,
} from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useManifest } from '../data/ManifestProvider.tsx';
import { useSession } from '../data/SessionProvider.tsx';
import { useOnlyPayments } from '../data/OnlyPaymentsProvider.tsx';
import { useUniversitySettings } from '../data/UniversitySettingsProvider.tsx';
import { useLabel } from '../i18n/hooks.ts';
import { useCurrentScreen } from '../router/current.ts';
import { MenuIcon } from './icons.tsx';
import { isActive, visibleMenu, type MenuEntry } from './navigation.ts';

export function useMenuEntries(): MenuEntry[] {
  const manifest = useManifest();
  const { subject } = useSession();
  const onlyPayments = useOnlyPayments();
  const settings = useUniversitySettings();
  return useMemo(
    () => visibleMenu(manifest, subject, 'main', onlyPayments, settings),
    [manifest, subject, onlyPayments, settings],
  );
}

/**
 * `heading` (vertical only): drawn first inside the navigation landmark (the drawer's app-name
 * bar), so that no content of the drawer sits outside a landmark.
 */
export function NavigationMenu({
  orientation,
  collapsed = false,
  heading,
}: {
  orientation: 'vertical' | 'horizontal';
  collapsed?: boolean;
  heading?: ReactNode;
}) {
  const entries = useMenuEntries();
  const current = useCurrentScreen()?.name;
  if (orientation === 'horizontal') {
    return (
      <Box component="nav" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {entries.map((entry) => (
          <HorizontalEntry key={entry.key} entry={entry} current={current} />
        ))}
      </Box>
    );
  }
  return (
    <List component="nav" dense disablePadding={heading !== undefined}>
      {heading}
      {entries.map((entry) => (
        <VerticalEntry key={entry.key} entry={entry} current={current} collapsed={collapsed} depth={0} />
      ))}
    </List>
  );
}

function VerticalEntry({
  entry,
  current,
  collapsed,
  depth,
}: {
  entry: MenuEntry;
  current?: string;
  collapsed: boolean;
  depth: number;
}) {
  const label = useLabel();
  const [open, setOpen] = useState(() => isActive(entry, current));
  const text = label(entry.label);
  const icon = (
    <ListItemIcon sx={{ minWidth: 36 }}>
      <MenuIcon name={entry.icon} />
    </ListItemIcon>
  );
  if (entry.href) {
    const button = (
      <ListItemButton
        component={RouterLink}
        to={entry.href}
        selected={entry.route === current}
        sx={{ pl: 2 + depth * 2, borderRadius: 1, mx: 1 }}
      >
        {icon}
        {!collapsed && <ListItemText primary={text} />}
      </ListItemButton>
    );
    return collapsed ? (
      <Tooltip title={text} placement="right">
        {button}
      </Tooltip>
    ) : (
      button
    );
  }
  if (collapsed) return <CollapsedGroup entry={entry} current={current} text={text} icon={icon} depth={depth} />;
  return (
    <>
      <ListItemButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        sx={{ pl: 2 + depth * 2, borderRadius: 1, mx: 1 }}
      >
        {icon}
        <ListItemText primary={text} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} unmountOnExit>
        {/* a plain group, not a <ul>: its children are links, not list items (axe: list) */}
        <List component="div" disablePadding dense>
          {entry.children.map((child) => (
            <VerticalEntry key={child.key} entry={child} current={current} collapsed={false} depth={depth + 1} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

/**
 * A group of the menu collapsed to icons: an icon button named by the group's label (aria-label
 * and a tooltip) that opens the group's pages as a menu beside the drawer.
 */
function CollapsedGroup({
  entry,
  current,
  text,
  icon,
  depth,
}: {
  entry: MenuEntry;
  current?: string;
  text: string;
  icon: ReactNode;
  depth: number;
}) {
  const label = useLabel();
  const rtl = useTheme().direction === 'rtl';
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const side = rtl ? 'left' : 'right';
  const id = `menu-group-${entry.key}`;
  return (
    <>
      <Tooltip title={text} placement={side}>
        <ListItemButton
          aria-label={text}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          aria-controls={anchor ? id : undefined}
          selected={isActive(entry, current)}
          onClick={(e) => setAnchor(e.currentTarget)}
          sx={{ pl: 2 + depth * 2, borderRadius: 1, mx: 1 }}
        >
          {icon}
        </ListItemButton>
      </Tooltip>
      <Menu
        id={id}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: side }}
        transformOrigin={{ vertical: 'top', horizontal: rtl ? 'right' : 'left' }}
        slotProps={{ list: { 'aria-label': text } }}
      >
        {flatten(entry.children).map((child) => (
          <MenuItem
            key={child.key}
            component={RouterLink}
            to={child.href ?? '#'}
            selected={child.route === current}
            onClick={() => setAnchor(null)}
          >
            <ListItemIcon>
              <MenuIcon name={child.icon} />
            </ListItemIcon>
            {label(child.label)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function HorizontalEntry({ entry, current }: { entry: MenuEntry; current?: string }) {
  const label = useLabel();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = isActive(entry, current);
  if (entry.href) {
    return (
      <Button
        component={RouterLink}
        to={entry.href}
        color={active ? 'primary' : 'inherit'}
        startIcon={<MenuIcon name={entry.icon} />}
      >
        {label(entry.label)}
      </Button>
    );
  }
  return (
    <>
      <Button
        color={active ? 'primary' : 'inherit'}
        startIcon={<MenuIcon name={entry.icon} />}
        endIcon={<ExpandMore />}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {label(entry.label)}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {flatten(entry.children).map((child) => (
          <MenuItem
            key={child.key}
            component={RouterLink}
            to={child.href ?? '#'}
            selected={child.route === current}
            onClick={() => setAnchor(null)}
          >
            <ListItemIcon>
              <MenuIcon name={child.icon} />
            </ListItemIcon>
            {label(child.label)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** Links of a group and its sub-groups, in order (a drop-down shows one level). */
function flatten(entries: MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => (e.href ? [e] : flatten(e.children)));
}
