/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-delta-cells.c — the Base, New and Δ cells of a row compared with a base */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cs-chart-format.h"
#include "cs-delta-cells.h"
#include "cs-widgets-util.h"

void
cs_delta_cells_fill_share (const CsRowDelta *delta,
                           gboolean          base,
                           CsCellContent    *c)
{
  if (delta == NULL || delta->change == (base ? CS_CHANGE_NEW_ONLY : CS_CHANGE_BASE_ONLY))
    {
      c->text = g_strdup (CS_CHART_NO_VALUE);
      c->tooltip = g_strdup (base ? _("Not in the base recording") : _("Not in the new recording"));
      return;
    }
  c->text = cs_widgets_format_percent ((base ? delta->base_share : delta->new_share) / 100.0);
  c->tooltip = g_strdup (base ? _("Share of the base recording’s samples") : _("Share of the new recording’s samples"));
}

void
cs_delta_cells_fill_delta (const CsRowDelta *delta,
                           CsCellContent    *c)
{
  /* the verdict's limit (cs-comparison-verdict.c): twice the combined
   * standard deviation of the two shares */
  double noise = delta != NULL ? 2.0 * delta->delta_points_sigma : 0.0;
  g_autofree char *points = NULL;

  if (delta == NULL)
    {
      c->text = g_strdup (CS_CHART_NO_VALUE);
      return;
    }
  /* TRANSLATORS: a change of a share in percentage points, "+2.35 pt" */
  points = g_strdup_printf (_("%+.2f pt"), delta->delta_points);
  switch (delta->change)
    {
    case CS_CHANGE_BASE_ONLY:
    case CS_CHANGE_NEW_ONLY:
      /* the change is the whole share, and which side it is on says more */
      c->text = g_strdup_printf ("%s %s", points, cs_change_to_string (delta->change));
      c->dim_from = strlen (points) + 1;
      c->tooltip = g_strdup (delta->change == CS_CHANGE_BASE_ONLY
                             ? _("Only in the base recording: gone from the new one")
                             : _("Only in the new recording: not in the base"));
      break;
    case CS_CHANGE_WITHIN_NOISE:
      /* a change the two recordings would show anyway: faint, so that the
       * real ones stand out */
      c->text = g_steal_pointer (&points);
      c->dim = TRUE;
      /* TRANSLATORS: tooltip of a change in points; %.2f is the noise */
      c->tooltip = g_strdup_printf (_("Change of the share from the base to the new recording, "
                                      "within noise: ±%.2f pt"), noise);
      break;
    case CS_CHANGE_GREW:
    case CS_CHANGE_SHRANK:
      c->text = g_steal_pointer (&points);
      /* TRANSLATORS: tooltip of a change in points: "grew" or "shrank", then the noise */
      c->tooltip = g_strdup_printf (_("Change of the share from the base to the new recording: "
                                      "%s, beyond noise (±%.2f pt)"), cs_change_to_string (delta->change), noise);
      break;
    case CS_CHANGE_NO_SPREAD:
    default:
      c->text = g_steal_pointer (&points);
      c->tooltip = g_strdup_printf (_("Change of the share from the base to the new recording: %s"),
                                    cs_change_to_string (delta->change));
      break;
    }
}
