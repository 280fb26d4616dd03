// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { NavSkeleton } from './Skeleton.tsx';

afterEach(cleanup);

describe('navigation skeleton', () => {
  it.each([
    ['detail', 'sk-cover'],
    ['list', 'sk-filters'],
    ['report', 'sk-pair'],
    ['generic', 'sk-row'],
  ] as const)('%s draws its page’s shape', (kind, part) => {
    render(<NavSkeleton kind={kind} />);
    const skeleton = screen.getByTestId('nav-skeleton');
    expect(skeleton.getAttribute('data-kind')).toBe(kind);
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.querySelector(`.${part}`)).not.toBeNull();
  });

  it('a detail page starts with a cover, a list with its filter row, and they differ', () => {
    const { container: detail } = render(<NavSkeleton kind="detail" />);
    expect(detail.querySelector('.sk-filters')).toBeNull();
    cleanup();
    const { container: list } = render(<NavSkeleton kind="list" />);
    expect(list.querySelector('.sk-cover')).toBeNull();
    expect(list.querySelectorAll('.sk-row').length).toBe(7);
  });
});
