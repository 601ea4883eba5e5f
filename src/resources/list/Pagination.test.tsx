import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Pagination } from './Pagination';

const show = (props: Partial<Parameters<typeof Pagination>[0]>) =>
  render(
    <I18nProvider i18n={i18n}>
      <Pagination
        total={0}
        from={0}
        to={0}
        page={2}
        pageCount={1}
        pageSize={10}
        onPage={() => undefined}
        onPageSize={() => undefined}
        {...props}
      />
    </I18nProvider>,
  );

beforeEach(() => i18n.activate('en'));

describe('Pagination', () => {
  it('claims nothing while the first page loads: a placeholder, no "No rows", no page count', () => {
    show({ pending: true });
    expect(screen.getByTestId('range-skeleton')).toBeTruthy();
    expect(screen.queryByTestId('list-range')).toBeNull();
    expect(screen.queryByTestId('page-of')).toBeNull();
    expect(screen.queryByText(/No rows/)).toBeNull();
    expect(screen.getByTestId('page-size')).toBeTruthy();
  });

  it('says "No rows" without a page count ("Page 2 of 1") when there are none', () => {
    show({});
    expect(screen.getByTestId('list-range').textContent).toBe('No rows');
    expect(screen.queryByTestId('page-of')).toBeNull();
    expect(screen.queryByTestId('page-next')).toBeNull();
  });

  it('shows the range, the page count and the buttons once rows arrived', () => {
    show({ total: 42, from: 11, to: 20, page: 2, pageCount: 5 });
    expect(screen.getByTestId('list-range').textContent).toBe('11–20 of 42 rows');
    expect(screen.getByTestId('page-of').textContent).toBe('Page 2 of 5');
  });

  it('says "1,000+" and "Page 40 of 40+" for a capped count, and Next goes on past the counted pages', () => {
    const pages: number[] = [];
    show({
      total: 1000,
      capped: true,
      from: 976,
      to: 1000,
      page: 40,
      pageCount: 40,
      onPage: (p) => pages.push(p),
    });
    expect(screen.getByTestId('list-range').textContent).toBe('976–1,000 of 1,000+ rows');
    expect(screen.getByTestId('page-of').textContent).toBe('Page 40 of 40+');
    const next = screen.getByTestId('page-next') as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    expect(pages).toEqual([41]);
  });

  it('an exact count stops Next at the last page', () => {
    show({ total: 1000, from: 976, to: 1000, page: 40, pageCount: 40 });
    expect(screen.getByTestId('list-range').textContent).toBe('976–1,000 of 1,000 rows');
    expect((screen.getByTestId('page-next') as HTMLButtonElement).disabled).toBe(true);
  });
});
