import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './home.module.css';

/** The operator's slides: advance every 4000 ms, wrap to the first, pause on hover or focus. */
export const SLIDE_INTERVAL_MS = 4000;

export function Slides({ slides }: { slides: { imageUrl: string; httpUrl: string }[] }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused || slides.length < 2) return;
    const timer = setInterval(() => setCurrent((n) => (n + 1) % slides.length), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, slides.length]);
  const slide = slides[current % slides.length];
  if (!slide) return null;
  const image = <img src={slide.imageUrl} alt="" className={styles.slideImage} />;
  return (
    <section
      className={styles.slides}
      aria-roledescription="carousel"
      aria-label={t('home.slides')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {slide.httpUrl ? <a href={slide.httpUrl}>{image}</a> : image}
      {slides.length > 1 && (
        <div className={styles.dots}>
          {slides.map((s, i) => (
            <button
              key={s.imageUrl}
              type="button"
              aria-label={t('home.slideN', { n: i + 1 })}
              aria-current={i === current || undefined}
              onClick={() => setCurrent(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
