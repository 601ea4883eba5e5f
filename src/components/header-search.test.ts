import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { hitsOf, searchCache } from './header-search';

const L = (en: string, ar: string) => ({ en, ar });

describe('header search', () => {
  it('turns the server answer into links grouped by kind, in the reader’s language', () => {
    const hits = hitsOf(
      {
        bookings: [
          { id: 7, code: 'BK-ABCDEF', customerName: 'Sara', eventTitle: L('Gala', 'حفل'), status: 'pending' },
        ],
        users: [{ id: 3, name: L('Omar', 'عمر'), email: 'omar@example.com', role: 'manager' }],
      },
      'ar',
    );
    expect(hits.map((h) => [h.kind, h.title, h.to])).toEqual([
      ['bookings', 'BK-ABCDEF', '/booking-details?id=7'],
      ['users', 'عمر', '/user-details?id=3'],
    ]);
    expect(hits[0]!.detail).toBe('Sara · حفل');
  });

  it('offline, finds the records cached by lists and details (each once), and nothing else', () => {
    const client = new QueryClient();
    const booking = {
      id: 1,
      code: 'BK-QWERTY',
      customerName: 'Lama Haddad',
      customerEmail: 'lama@mail.example',
      eventTitle: L('Expo', 'معرض'),
    };
    client.setQueryData(['booking', 'list', { page: 1 }], {
      items: [
        booking,
        { ...booking, id: 2, code: 'BK-ZZZZZZ', customerName: 'Other', customerEmail: 'other@mail.example' },
      ],
    });
    client.setQueryData(['booking', 'details', 1], { booking, event: {}, history: [] });
    client.setQueryData(['event', 'detail', 9], { id: 9, title: L('Lama Festival', 'مهرجان لمى') });
    client.setQueryData(['country', 'list', {}], { items: [{ id: 4, name: L('Lama land', 'x') }] });
    const hits = searchCache(client, 'lama', 'en');
    expect(hits.map((h) => [h.kind, h.id])).toEqual([
      ['bookings', 1],
      ['events', 9],
    ]);
    expect(searchCache(client, 'qwerty', 'en').map((h) => h.to)).toEqual(['/booking-details?id=1']);
    expect(searchCache(client, 'nobody', 'en')).toEqual([]);
  });
});
