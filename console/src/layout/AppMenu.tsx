import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { Menu, useBasename, usePermissions, useSidebarState } from 'react-admin';
import type { ConsolePermissions } from '../auth/authProvider';
import { MENU, MENU_SECTIONS, visibleEntriesOf, type MenuEntry } from './menu';
import { LAYOUT_MESSAGES } from './messages';

/** An entry's icon and label, as react-admin's Menu.Item draws them. */
const EntryLabel = ({ entry }: { entry: MenuEntry }) => {
  const Icon = entry.icon;
  return (
    <>
      <ListItemIcon sx={{ minWidth: 40 }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      <Typography variant="inherit" noWrap>
        {entry.label}
      </Typography>
    </>
  );
};

/** A screen that is not there yet: greyed, not a link, says 'Coming soon' on hover. */
const ComingSoonItem = ({ entry }: { entry: MenuEntry }) => {
  const [open] = useSidebarState();
  return (
    <Tooltip title={open ? LAYOUT_MESSAGES.comingSoon : `${entry.label}: ${LAYOUT_MESSAGES.comingSoon}`} placement="right">
      {/* The tooltip needs a hoverable element: a disabled MenuItem ignores the pointer. The li is the
          menu's item (a menu holds menu items only); the MenuItem inside only draws it. */}
      <li
        role="menuitem"
        data-testid={`menu-${entry.key}`}
        data-enabled="false"
        aria-disabled="true"
        style={{ listStyle: 'none', cursor: 'default' }}
      >
        <MenuItem component="div" role="none" disabled sx={{ color: 'text.secondary' }}>
          <EntryLabel entry={entry} />
        </MenuItem>
      </li>
    </Tooltip>
  );
};

const EntryItem = ({ entry }: { entry: MenuEntry }) => {
  const basename = useBasename();
  if (!entry.enabled) return <ComingSoonItem entry={entry} />;
  const Icon = entry.icon;
  // A page outside the console (Display Mode): a plain link, so the browser loads it afresh.
  if (entry.href) {
    return (
      <MenuItem component="a" href={entry.href} data-testid={`menu-${entry.key}`} data-enabled="true">
        <EntryLabel entry={entry} />
      </MenuItem>
    );
  }
  const Badge = entry.badge;
  return (
    <Menu.Item
      to={`${basename}/${entry.to}`}
      primaryText={entry.label}
      leftIcon={
        Badge ? (
          <Badge>
            <Icon fontSize="small" />
          </Badge>
        ) : (
          <Icon fontSize="small" />
        )
      }
      data-testid={`menu-${entry.key}`}
      data-enabled="true"
    />
  );
};

/**
 * Sidebar menu built from the MENU registry, one group per section. Entries with roles show only to
 * users holding one of them (and entries with permissions only to users holding all of them) (none while the roles load, so no admin entry flashes for an agent); a
 * section with nothing visible loses its heading too.
 */
export const AppMenu = () => {
  const [open] = useSidebarState();
  const { permissions } = usePermissions<ConsolePermissions>();
  const roles = permissions?.roles ?? [];
  // A flat list of items: MUI's MenuList does not accept fragments as children.
  const items: ReactElement[] = [];
  MENU_SECTIONS.forEach((section) => {
    const entries = visibleEntriesOf(section, roles, MENU, permissions?.permissions ?? []);
    if (entries.length === 0) return;
    const title = LAYOUT_MESSAGES.sections[section];
    if (items.length > 0 && !open) items.push(<Divider key={`${section}-divider`} component="li" sx={{ my: 1 }} />);
    if (title && open) {
      items.push(
        <ListSubheader
          key={`${section}-title`}
          data-testid={`menu-section-${section}`}
          // A heading inside the menu's list, not an item of it.
          role="presentation"
          disableSticky
          sx={{ bgcolor: 'transparent', lineHeight: '32px', mt: 1, textTransform: 'uppercase', fontSize: 12 }}
        >
          {title}
        </ListSubheader>,
      );
    }
    for (const entry of entries) items.push(<EntryItem key={entry.key} entry={entry} />);
  });
  return <Menu data-testid="app-menu">{items}</Menu>;
};
