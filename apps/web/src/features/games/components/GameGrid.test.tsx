import { fireEvent, render, screen } from '../../../test/render';
import { gameItem } from '../../../test/utils';
import { describe, expect, it, vi } from 'vitest';
import type { GameItem } from '../api/types';
import { GameGrid } from './GameGrid';

const games: GameItem[] = [1, 2, 3, 4].map((status, i) => gameItem(i + 1, { status }));

describe('GameGrid', () => {
  it('shows corner badges for status 2, 3 and 4 only', () => {
    render(
      <GameGrid games={games} columns={3} loading={false} error={false} onRetry={vi.fn()} onOpen={vi.fn()} />,
    );
    expect(screen.getByText('维护中')).toBeInTheDocument();
    expect(screen.getByText('即将上线')).toBeInTheDocument();
    expect(screen.getByText('敬请期待')).toBeInTheDocument();
    expect(screen.getAllByTestId('game-tile')).toHaveLength(4);
  });

  it('uses 3 columns with hot art and 2 columns with category art', () => {
    const { container, rerender } = render(
      <GameGrid games={games} columns={3} loading={false} error={false} onRetry={vi.fn()} onOpen={vi.fn()} />,
    );
    expect(container.querySelector('.game-grid--3 img')).toHaveAttribute('src', '/hot-1.svg');
    rerender(
      <GameGrid games={games} columns={2} loading={false} error={false} onRetry={vi.fn()} onOpen={vi.fn()} />,
    );
    expect(container.querySelector('.game-grid--2 img')).toHaveAttribute('src', '/tile-1.svg');
  });

  it('hands the tapped game to onOpen', () => {
    const onOpen = vi.fn();
    render(
      <GameGrid games={games} columns={2} loading={false} error={false} onRetry={vi.fn()} onOpen={onOpen} />,
    );
    fireEvent.click(screen.getByRole('button', { name: '游戏2' }));
    expect(onOpen).toHaveBeenCalledWith(games[1]);
  });

  it('has empty and error states with retry', () => {
    const onRetry = vi.fn();
    const { rerender } = render(
      <GameGrid games={[]} columns={2} loading={false} error={false} onRetry={onRetry} onOpen={vi.fn()} />,
    );
    expect(screen.getByText('暂无游戏，敬请期待')).toBeInTheDocument();
    rerender(
      <GameGrid games={undefined} columns={2} loading={false} error onRetry={onRetry} onOpen={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
