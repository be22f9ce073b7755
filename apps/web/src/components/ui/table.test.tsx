import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableHeaderRow,
  TableRow,
  TableStateRow,
} from './table';

afterEach(cleanup);

function Sample({ scrollLabel }: { scrollLabel?: string }) {
  return (
    <Table scrollLabel={scrollLabel}>
      <TableCaption>Balances</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Account</TableHead>
          <TableHead align="right">Balance</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        <TableRow>
          <TableHead scope="row" className="font-normal">
            Main
          </TableHead>
          <TableCell align="right">₹10.00</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

/** jsdom lays nothing out: give every element the scroll and client widths of a box with that content. */
function withWidths(scrollWidth: number, clientWidth: number, run: () => void) {
  const proto = HTMLElement.prototype;
  const saved = [
    Object.getOwnPropertyDescriptor(proto, 'scrollWidth'),
    Object.getOwnPropertyDescriptor(proto, 'clientWidth'),
  ] as const;
  Object.defineProperty(proto, 'scrollWidth', { configurable: true, get: () => scrollWidth });
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => clientWidth });
  try {
    run();
  } finally {
    if (saved[0]) Object.defineProperty(proto, 'scrollWidth', saved[0]);
    if (saved[1]) Object.defineProperty(proto, 'clientWidth', saved[1]);
  }
}

describe('Table', () => {
  it('is named by its caption, with column headers and row headers in their scopes', () => {
    render(<Sample />);
    const table = screen.getByRole('table', { name: 'Balances' });
    expect(table.parentElement?.getAttribute('role')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Account' }).getAttribute('scope')).toBe('col');
    expect(screen.getByRole('columnheader', { name: 'Balance' }).className).toContain('text-right');
    const rowHeader = screen.getByRole('rowheader', { name: 'Main' });
    expect(rowHeader.getAttribute('scope')).toBe('row');
    expect(rowHeader.className).toContain('font-normal');
    expect(rowHeader.className).not.toContain('font-medium');
    expect(screen.getByRole('cell', { name: '₹10.00' }).className).toContain('text-right');
    expect(screen.getByText('Balances').className).toContain('sr-only');
  });

  it('puts an overflowing table in a named region that takes the keyboard focus', () => {
    withWidths(900, 390, () => {
      render(<Sample scrollLabel="Account balances" />);
    });
    const region = screen.getByRole('region', { name: 'Account balances' });
    expect(region.tabIndex).toBe(0);
    expect(region).toBe(screen.getByRole('table', { name: 'Balances' }).parentElement);
  });

  it('keeps a region whose table fits out of the tab order', () => {
    withWidths(600, 1280, () => {
      render(<Sample scrollLabel="Account balances" />);
    });
    const region = screen.getByRole('region', { name: 'Account balances' });
    expect(region.hasAttribute('tabindex')).toBe(false);
  });

  it('writes a header row from names, a hidden one for screen readers only, and a state row across it', () => {
    const { rerender } = render(
      <Table>
        <TableHeader>
          <TableHeaderRow headers={['Name', 'Status', 'Actions']} hidden={['Actions']} />
        </TableHeader>
        <TableBody>
          <TableStateRow colSpan={3}>No keys yet.</TableStateRow>
        </TableBody>
      </Table>,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.getAttribute('scope'))).toEqual([
      'col',
      'col',
      'col',
    ]);
    expect(screen.getByText('Actions').className).toContain('sr-only');
    expect(screen.getByText('Name').className).not.toContain('sr-only');
    const message = screen.getByRole('cell', { name: 'No keys yet.' });
    expect(message.getAttribute('colspan')).toBe('3');
    rerender(
      <Table>
        <TableBody>
          <TableStateRow colSpan={3} loading>
            No keys yet.
          </TableStateRow>
        </TableBody>
      </Table>,
    );
    expect(screen.queryByText('No keys yet.')).toBeNull();
    expect(screen.getByRole('cell').getAttribute('colspan')).toBe('3');
  });
});
