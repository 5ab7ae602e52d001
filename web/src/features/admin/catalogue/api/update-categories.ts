import { categoryOrderSchema } from '@shared/answers';
import type { Platform } from '@shared/platforms';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { useCatalogueChanged } from '@/features/admin/catalogue/api/use-catalogue-changed';
import { api } from '@/lib/api-client';

const categoriesAnswer = z.object({ categories: categoryOrderSchema });
const renameAnswer = z.extend(categoriesAnswer, { renamed: z.number().check(z.int()) });

/** PUT /admin/categories/{platform}: the platform's categories in this order. */
export function reorderCategories(platform: Platform, order: string[]) {
  return api.put(`/admin/categories/${platform}`, categoriesAnswer, { order });
}

/** POST /admin/categories/{platform}/rename: every service of `from` moves to `to`. */
export function renameCategory(platform: Platform, from: string, to: string) {
  return api.post(`/admin/categories/${platform}/rename`, renameAnswer, { from, to });
}

export function useReorderCategories() {
  const changed = useCatalogueChanged();
  return useMutation({
    mutationFn: ({ platform, order }: { platform: Platform; order: string[] }) => reorderCategories(platform, order),
    onSuccess: changed,
  });
}

export function useRenameCategory() {
  const changed = useCatalogueChanged();
  return useMutation({
    mutationFn: ({ platform, from, to }: { platform: Platform; from: string; to: string }) => renameCategory(platform, from, to),
    onSuccess: changed,
  });
}
