// The blog's articles as data: titles and excerpts live in the `blog` catalogue.
export const blogCategories = ['technicalAnalysis', 'education', 'market', 'bitcoin', 'risk'] as const;

export type BlogCategoryId = (typeof blogCategories)[number];

export type BlogArticle = { id: string; category: BlogCategoryId; date: string; readMinutes: number; featured: boolean };

/** Three featured and three recent articles; titles and excerpts live in the `blog` catalogue. */
export const blogArticles: BlogArticle[] = [
  { id: 'rsi', category: 'technicalAnalysis', date: '2025-06-12', readMinutes: 8, featured: true },
  { id: 'halving', category: 'bitcoin', date: '2025-06-05', readMinutes: 11, featured: true },
  { id: 'stopLoss', category: 'risk', date: '2025-05-29', readMinutes: 7, featured: true },
  { id: 'bollinger', category: 'technicalAnalysis', date: '2025-05-22', readMinutes: 6, featured: false },
  { id: 'fearGreed', category: 'market', date: '2025-05-15', readMinutes: 5, featured: false },
  { id: 'dominance', category: 'education', date: '2025-05-08', readMinutes: 6, featured: false },
];

/** How many of the listed articles each category has: the count a badge shows is the count a reader finds. */
export const articleCount = (category: BlogCategoryId) => blogArticles.filter((article) => article.category === category).length;
