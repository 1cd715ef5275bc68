/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-palette.c — chart colours and number formatting */

#include "config.h"

#include <string.h>

#include "cs-chart-format.h"
#include "cs-palette.h"
#include "cs-test-charts.h"

static TestPixel
to_pixel (const CsColor *c)
{
  return (TestPixel) { c->red, c->green, c->blue };
}

/* Up to 16 parts get pairwise distinct colours, in both themes, and every
 * part colour stands out from the card it is drawn on. */
static void
test_parts_distinct (void)
{
  CsTheme themes[] = { CS_THEME_LIGHT, CS_THEME_DARK };

  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      CsColor colors[16];
      CsColor card;

      cs_palette_get_role_color (themes[t], CS_COLOR_ROLE_CARD, &card);
      for (guint i = 0; i < G_N_ELEMENTS (colors); i++)
        {
          cs_palette_get_part_color (themes[t], i, G_N_ELEMENTS (colors), &colors[i]);
          g_assert_cmpfloat (test_contrast (to_pixel (&colors[i]), to_pixel (&card)), >=, 1.3);
          for (guint k = 0; k < i; k++)
            {
              double d = sqrt (pow (colors[i].red - colors[k].red, 2) +
                               pow (colors[i].green - colors[k].green, 2) +
                               pow (colors[i].blue - colors[k].blue, 2));

              g_assert_cmpfloat (d, >, 0.1);
            }
        }
    }
}

static void
test_band_colors (void)
{
  CsTheme themes[] = { CS_THEME_LIGHT, CS_THEME_DARK };

  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      CsColor c;

      cs_palette_get_band_color (themes[t], CS_BAND_LOW, FALSE, &c);
      g_assert_cmpint (test_hue (to_pixel (&c)), ==, TEST_HUE_GREEN);
      cs_palette_get_band_color (themes[t], CS_BAND_MEDIUM, FALSE, &c);
      g_assert_cmpint (test_hue (to_pixel (&c)), ==, TEST_HUE_YELLOW);
      cs_palette_get_band_color (themes[t], CS_BAND_HIGH, FALSE, &c);
      g_assert_cmpint (test_hue (to_pixel (&c)), ==, TEST_HUE_RED);

      cs_palette_get_band_color (themes[t], CS_BAND_LOW, TRUE, &c);
      g_assert_cmpint (test_hue (to_pixel (&c)), ==, TEST_HUE_RED);
      cs_palette_get_band_color (themes[t], CS_BAND_MEDIUM, TRUE, &c);
      g_assert_cmpint (test_hue (to_pixel (&c)), ==, TEST_HUE_YELLOW);
      cs_palette_get_band_color (themes[t], CS_BAND_HIGH, TRUE, &c);
      g_assert_cmpint (test_hue (to_pixel (&c)), ==, TEST_HUE_GREEN);

      cs_palette_get_band_color (themes[t], CS_BAND_NONE, FALSE, &c);
      g_assert_cmpint (test_hue (to_pixel (&c)), ==, TEST_HUE_OTHER);
    }
}

/* Text roles read on their backgrounds (WCAG AA, 4.5:1), computed here. */
static void
test_role_contrast (void)
{
  CsTheme themes[] = { CS_THEME_LIGHT, CS_THEME_DARK };

  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      CsColor bg, card, text, secondary;

      cs_palette_get_role_color (themes[t], CS_COLOR_ROLE_BACKGROUND, &bg);
      cs_palette_get_role_color (themes[t], CS_COLOR_ROLE_CARD, &card);
      cs_palette_get_role_color (themes[t], CS_COLOR_ROLE_TEXT, &text);
      cs_palette_get_role_color (themes[t], CS_COLOR_ROLE_TEXT_SECONDARY, &secondary);
      g_assert_cmpfloat (test_contrast (to_pixel (&text), to_pixel (&card)), >=, 4.5);
      g_assert_cmpfloat (test_contrast (to_pixel (&secondary), to_pixel (&card)), >=, 4.5);
      g_assert_cmpfloat (test_contrast (to_pixel (&text), to_pixel (&bg)), >=, 4.5);
      /* The library's own contrast function agrees with ours. */
      g_assert_cmpfloat (fabs (cs_color_contrast_ratio (&text, &card) -
                               test_contrast (to_pixel (&text), to_pixel (&card))), <, 1e-9);

      /* Labels inside segments get whichever of black and white reads best. */
      for (guint i = 0; i < 10; i++)
        {
          CsColor part, on;

          cs_palette_get_part_color (themes[t], i, 10, &part);
          cs_palette_get_text_on (&part, &on);
          g_assert_cmpfloat (test_contrast (to_pixel (&on), to_pixel (&part)), >=, 4.0);
        }
    }
}

/* Expected strings written by hand (C locale: "," groups, "." decimals). */
static void
test_format (void)
{
  const struct { double v; const char *unit; const char *full; const char *compact; } cases[] = {
    { 1405883341, "cycles", "1,405,883,341 cycles", "1.41 G cycles" },
    { 684000000, "cycles", "684,000,000 cycles", "684 M cycles" },
    { 22700, "count", "22,700", "22.7 k" },
    { 999600, NULL, "999,600", "1 M" },
    { 1500, "cycles", "1,500 cycles", "1.5 k cycles" },
    { -1234567, "ratio", "-1,234,567", "-1.23 M" },
    { 48.66, "%", "48.7 %", "48.7 %" },
    { 30, "%", "30.0 %", "30 %" },
    { 1.25, "ratio", "1.25", "1.25" },
    { 0.25, "ratio", "0.25", "0.25" },
    { 2, "ratio", "2", "2" },
    { 512, "cycles", "512 cycles", "512 cycles" },
    { 0.0312, "ms", "0.0312 ms", "0.0312 ms" },
    { NAN, "cycles", "—", "—" },
    { INFINITY, "%", "—", "—" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *full = cs_chart_format_value (cases[i].v, cases[i].unit);
      g_autofree char *compact = cs_chart_format_compact (cases[i].v, cases[i].unit);

      g_assert_cmpstr (full, ==, cases[i].full);
      g_assert_cmpstr (compact, ==, cases[i].compact);
    }

  {
    g_autofree char *a = cs_chart_format_share (0.41);
    g_autofree char *b = cs_chart_format_share (NAN);
    g_autofree char *c = cs_chart_format_grouped (1234567.891, 2);
    g_autofree char *d = cs_chart_format_grouped (-0.0001, 1);

    g_assert_cmpstr (a, ==, "41.0 %");
    g_assert_cmpstr (b, ==, "—");
    g_assert_cmpstr (c, ==, "1,234,567.89");
    g_assert_cmpstr (d, ==, "0.0");
  }

  g_assert_cmpstr (cs_provenance_get_marker (CS_PROVENANCE_ESTIMATED), ==, "≈");
  g_assert_cmpstr (cs_provenance_get_marker (CS_PROVENANCE_COUNTED), ==, "");
  g_assert_nonnull (cs_provenance_get_description (CS_PROVENANCE_ESTIMATED));
  g_assert_null (cs_provenance_get_description (CS_PROVENANCE_COUNTED));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chart-palette/parts-distinct", test_parts_distinct);
  g_test_add_func ("/chart-palette/bands", test_band_colors);
  g_test_add_func ("/chart-palette/role-contrast", test_role_contrast);
  g_test_add_func ("/chart-palette/format", test_format);

  return g_test_run ();
}
