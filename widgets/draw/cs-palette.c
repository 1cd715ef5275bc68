/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-palette.c — chart colours for light and dark backgrounds */

#include "config.h"

#include <math.h>

#include "cs-palette.h"

#define RGB(hex) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0, 1.0 }

/* Okabe–Ito, reordered so that neighbours alternate darker and lighter
 * (blue, orange, green, sky blue, vermillion, yellow, purple, grey): with
 * the three to five parts typical of a cycle decomposition, adjacent
 * segments never share a hue family. The dark-theme variants are lighter
 * so they keep about 3:1 against the dark card; on the light theme the
 * yellow is a little deeper than Okabe–Ito's, which almost vanishes on white. */
static const CsColor base_light[CS_PALETTE_N_BASE] = {
  RGB (0x0072B2), RGB (0xE69F00), RGB (0x009E73), RGB (0x56B4E9),
  RGB (0xD55E00), RGB (0xD8C31C), RGB (0xCC79A7), RGB (0x7F7F7F),
};
static const CsColor base_dark[CS_PALETTE_N_BASE] = {
  RGB (0x3A9AD9), RGB (0xF0A830), RGB (0x1FBF8F), RGB (0x7CC7F0),
  RGB (0xF07A3A), RGB (0xF0E442), RGB (0xDC93BC), RGB (0xA8A8A8),
};

/* GNOME HIG palette tones: a saturated green / amber / red that stay
 * recognisable as "good / so-so / bad" on both backgrounds. */
static const CsColor band_light[3] = { RGB (0x26A269), RGB (0xE5A50A), RGB (0xE01B24) };
static const CsColor band_dark[3]  = { RGB (0x33D17A), RGB (0xF6D32D), RGB (0xF66151) };

/* Indexed by CsColorRole. */
static const CsColor roles_light[] = {
  RGB (0xF6F5F4), RGB (0xFFFFFF), RGB (0x1C1C1C), RGB (0x5E5C64), RGB (0xC0BFBC), RGB (0xDEDDDA),
};
static const CsColor roles_dark[] = {
  RGB (0x1E1E1E), RGB (0x2A2A2A), RGB (0xF6F5F4), RGB (0xC0BFBC), RGB (0x5E5C64), RGB (0x4A4A4A),
};

G_STATIC_ASSERT (G_N_ELEMENTS (roles_light) == CS_COLOR_ROLE_NEUTRAL + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (roles_dark) == CS_COLOR_ROLE_NEUTRAL + 1);

void
cs_palette_get_role_color (CsTheme      theme,
                           CsColorRole  role,
                           CsColor     *color)
{
  g_return_if_fail (color != NULL);
  g_return_if_fail (role <= CS_COLOR_ROLE_NEUTRAL);

  *color = theme == CS_THEME_DARK ? roles_dark[role] : roles_light[role];
}

static double
hue_to_rgb (double p,
            double q,
            double t)
{
  if (t < 0)
    t += 1;
  if (t > 1)
    t -= 1;
  if (t < 1.0 / 6)
    return p + (q - p) * 6 * t;
  if (t < 1.0 / 2)
    return q;
  if (t < 2.0 / 3)
    return p + (q - p) * (2.0 / 3 - t) * 6;
  return p;
}

static void
hsl_to_color (double   h,
              double   s,
              double   l,
              CsColor *color)
{
  double q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  double p = 2 * l - q;

  color->red = hue_to_rgb (p, q, h + 1.0 / 3);
  color->green = hue_to_rgb (p, q, h);
  color->blue = hue_to_rgb (p, q, h - 1.0 / 3);
  color->alpha = 1.0;
}

void
cs_palette_get_part_color (CsTheme   theme,
                           guint     index,
                           guint     n_parts,
                           CsColor  *color)
{
  double hue;
  double lightness;

  g_return_if_fail (color != NULL);

  if (index < CS_PALETTE_N_BASE)
    {
      *color = theme == CS_THEME_DARK ? base_dark[index] : base_light[index];
      return;
    }

  /* Golden-angle steps never repeat a hue and spread consecutive indices far
   * apart; alternating lightness separates neighbours further. */
  hue = fmod (30.0 + (index - CS_PALETTE_N_BASE) * 137.508, 360.0) / 360.0;
  if (theme == CS_THEME_DARK)
    lightness = (index % 2) ? 0.72 : 0.56;
  else
    lightness = (index % 2) ? 0.62 : 0.40;
  hsl_to_color (hue, 0.62, lightness, color);
}

void
cs_palette_get_band_color (CsTheme   theme,
                           CsBand    band,
                           gboolean  higher_is_better,
                           CsColor  *color)
{
  const CsColor *bands = theme == CS_THEME_DARK ? band_dark : band_light;

  g_return_if_fail (color != NULL);

  switch (band)
    {
    case CS_BAND_LOW:
      *color = bands[higher_is_better ? 2 : 0];
      break;
    case CS_BAND_MEDIUM:
      *color = bands[1];
      break;
    case CS_BAND_HIGH:
      *color = bands[higher_is_better ? 0 : 2];
      break;
    case CS_BAND_NONE:
    default:
      cs_palette_get_role_color (theme, CS_COLOR_ROLE_NEUTRAL, color);
      break;
    }
}

static double
linear_channel (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

/* WCAG 2 relative luminance. */
static double
cs_color_luminance (const CsColor *color)
{
  return 0.2126 * linear_channel (color->red)
       + 0.7152 * linear_channel (color->green)
       + 0.0722 * linear_channel (color->blue);
}

double
cs_color_contrast_ratio (const CsColor *a,
                         const CsColor *b)
{
  double la = cs_color_luminance (a);
  double lb = cs_color_luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

void
cs_palette_get_text_on (const CsColor *background,
                        CsColor       *color)
{
  static const CsColor dark = RGB (0x1C1C1C);
  static const CsColor light = RGB (0xFFFFFF);

  if (cs_color_contrast_ratio (background, &dark) >= cs_color_contrast_ratio (background, &light))
    *color = dark;
  else
    *color = light;
}

void
cs_color_set_source (cairo_t       *cr,
                     const CsColor *color)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha);
}
