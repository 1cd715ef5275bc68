/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-scatter-data.c — the sampled data accesses a scatter chart shows */

#include "config.h"

#include <math.h>

#include "cs-scatter-data.h"
#include "cs-scatter-segments.h"

CsScatterData *
cs_scatter_data_new (CsScatterMode  mode,
                     const char    *title)
{
  CsScatterData *data = g_new0 (CsScatterData, 1);

  g_atomic_ref_count_init (&data->ref_count);
  data->mode = mode;
  data->title = g_strdup (title);
  data->series = g_ptr_array_new_with_free_func (g_free);
  data->points = g_array_new (FALSE, FALSE, sizeof (CsScatterPoint));
  return data;
}

CsScatterData *
cs_scatter_data_ref (CsScatterData *data)
{
  g_return_val_if_fail (data != NULL, NULL);

  g_atomic_ref_count_inc (&data->ref_count);
  return data;
}

void
cs_scatter_data_unref (CsScatterData *data)
{
  if (data == NULL || !g_atomic_ref_count_dec (&data->ref_count))
    return;
  g_clear_pointer (&data->axis, _cs_scatter_axis_free);
  g_free (data->title);
  g_free (data->note);
  g_ptr_array_unref (data->series);
  g_array_unref (data->points);
  g_free (data);
}

guint
cs_scatter_data_add_series (CsScatterData *data,
                            const char    *name)
{
  g_return_val_if_fail (data != NULL, 0);

  g_ptr_array_add (data->series, g_strdup (name));
  return data->series->len - 1;
}

void
cs_scatter_data_add_point (CsScatterData *data,
                           double         time,
                           guint64        address,
                           guint          thread,
                           guint          flags)
{
  cs_scatter_data_add_access (data, time, address, 1, thread, flags);
}

void
cs_scatter_data_add_access (CsScatterData *data,
                            double         time,
                            guint64        address,
                            guint          size,
                            guint          thread,
                            guint          flags)
{
  cs_scatter_data_add_keyed (data, time, address, size, thread, flags, 0);
}

void
cs_scatter_data_add_keyed (CsScatterData *data,
                           double         time,
                           guint64        address,
                           guint          size,
                           guint          thread,
                           guint          flags,
                           guint32        key)
{
  CsScatterPoint point = { time, address, thread, flags, size, key };

  g_return_if_fail (data != NULL);
  g_return_if_fail (data->axis == NULL);

  g_array_append_val (data->points, point);
}

void
cs_scatter_data_set_note (CsScatterData *data,
                          const char    *note)
{
  g_return_if_fail (data != NULL);

  g_free (data->note);
  data->note = g_strdup (note);
}

void
cs_scatter_data_select_line (CsScatterData *data,
                             guint64        address)
{
  g_return_if_fail (data != NULL);

  /* Which points are shown changes in cacheline mode. */
  g_clear_pointer (&data->axis, _cs_scatter_axis_free);
  data->has_line = TRUE;
  data->line = cs_scatter_line_of (address);
}

guint
cs_scatter_data_get_n_points (const CsScatterData *data)
{
  g_return_val_if_fail (data != NULL, 0);

  return data->points->len;
}

const CsScatterPoint *
cs_scatter_data_get_point (const CsScatterData *data,
                           guint                index)
{
  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (index < data->points->len, NULL);

  return &g_array_index (data->points, CsScatterPoint, index);
}

const char *
cs_scatter_data_get_series (const CsScatterData *data,
                            guint                thread)
{
  g_return_val_if_fail (data != NULL, NULL);

  return thread < data->series->len ? g_ptr_array_index (data->series, thread) : NULL;
}

gboolean
cs_scatter_data_shows_point (const CsScatterData  *data,
                             const CsScatterPoint *point)
{
  if (!isfinite (point->time))
    return FALSE;
  if (data->mode == CS_SCATTER_MODE_ADDRESS)
    return TRUE;
  return data->has_line && cs_scatter_line_of (point->address) == data->line;
}
