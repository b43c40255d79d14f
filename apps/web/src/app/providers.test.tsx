import { afterEach, describe, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { stubMatchMedia } from '../test/match-media';
import { createQueryClient, Providers } from './providers';

/** A system that asks, or not, for reduced motion, as far as matchMedia goes. */
function prefersReducedMotion(reduce: boolean) {
  stubMatchMedia((query) => reduce && query === '(prefers-reduced-motion: reduce)');
}

function MotionTokens() {
  const { token } = theme.useToken();
  return <p>{`motion ${String(token.motion)}, ${token.motionDurationMid}`}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('Providers', () => {
  it('turns antd motion off when the system asks for reduced motion', () => {
    prefersReducedMotion(true);
    render(<Providers queryClient={createQueryClient()}><MotionTokens /></Providers>);
    screen.getByText('motion false, 0s');
  });

  it('keeps antd motion otherwise', () => {
    prefersReducedMotion(false);
    render(<Providers queryClient={createQueryClient()}><MotionTokens /></Providers>);
    screen.getByText('motion true, 0.2s');
  });
});
