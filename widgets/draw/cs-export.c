/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-export.c — any drawing to PNG, SVG or PDF */

#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "cs-export.h"

typedef struct
{
  GOutputStream *out;
  GError        *error;
} StreamClosure;

gboolean
cs_export_format_from_path (const char      *path,
                            CsExportFormat  *format,
                            GError         **error)
{
  g_autofree char *lower = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  lower = g_ascii_strdown (path, -1);
  if (g_str_has_suffix (lower, ".png"))
    *format = CS_EXPORT_PNG;
  else if (g_str_has_suffix (lower, ".svg"))
    *format = CS_EXPORT_SVG;
  else if (g_str_has_suffix (lower, ".pdf"))
    *format = CS_EXPORT_PDF;
  else
    {
      g_autofree char *name = g_path_get_basename (path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* TRANSLATORS: %s is a file name such as "chart.jpg" */
                   _("Cannot export to “%s”: Cyclescope writes PNG, SVG and PDF. End the file name "
                     "with .png, .svg or .pdf."), name);
      return FALSE;
    }
  return TRUE;
}

const char *
cs_export_format_get_extension (CsExportFormat format)
{
  switch (format)
    {
    case CS_EXPORT_SVG:
      return "svg";
    case CS_EXPORT_PDF:
      return "pdf";
    case CS_EXPORT_PNG:
    default:
      return "png";
    }
}

void
cs_export_get_pixel_size (double  width,
                                double  height,
                                double  scale,
                                int    *pixel_width,
                                int    *pixel_height)
{
  *pixel_width = (int) ceil (width * scale - 1e-6);
  *pixel_height = (int) ceil (height * scale - 1e-6);
}

static cairo_status_t
stream_write (void                *user_data,
              const unsigned char *data,
              unsigned int         length)
{
  StreamClosure *closure = user_data;

  if (closure->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!g_output_stream_write_all (closure->out, data, length, NULL, NULL, &closure->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
fail_with_path (GError    **error,
                const char *path,
                GError     *cause)
{
  int code = cause->domain == G_IO_ERROR ? cause->code : G_IO_ERROR_FAILED;

  /* GIO's messages usually name the file already; do not say it twice. */
  if (strstr (cause->message, path) != NULL)
    g_set_error (error, G_IO_ERROR, code,
                 /* TRANSLATORS: "Could not export the chart: <reason naming the file>." */
                 _("Could not export the chart: %s. Check that the folder exists and is writable."),
                 cause->message);
  else
    g_set_error (error, G_IO_ERROR, code,
                 /* TRANSLATORS: "Could not export to “/tmp/x.png”: <reason>." */
                 _("Could not export to “%s”: %s. Check that the folder exists and is writable."),
                 path, cause->message);
  g_error_free (cause);
  return FALSE;
}

gboolean
cs_export (CsDrawing            drawing,
           const CsChartStyle  *style,
                   CsExportFormat       format,
                   double               width,
                   double               height,
                   double               scale,
                   const char          *path,
                   GError             **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileOutputStream) out = NULL;
  StreamClosure closure = { NULL, NULL };
  CsChartStyle draw_style;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  GError *local = NULL;
  int pw, ph;

  g_return_val_if_fail (drawing.draw != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!(width > 0 && height > 0 && scale > 0 && isfinite (width * height * scale)))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Could not export to “%s”: the size %g×%g at scale %g is not positive."),
                   path, width, height, scale);
      return FALSE;
    }
  cs_export_get_pixel_size (width, height, scale, &pw, &ph);
  if (format == CS_EXPORT_PNG && (pw > CS_EXPORT_MAX_PIXELS || ph > CS_EXPORT_MAX_PIXELS))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Could not export to “%s”: %d×%d pixels is larger than PNG export allows (%d per side); use a smaller size or scale."),
                   path, pw, ph, CS_EXPORT_MAX_PIXELS);
      return FALSE;
    }

  /* Opening first reports an unwritable path before any rendering work. */
  file = g_file_new_for_path (path);
  out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, &local);
  if (out == NULL)
    return fail_with_path (error, path, local);
  closure.out = G_OUTPUT_STREAM (out);

  if (style != NULL)
    draw_style = *style;
  else
    cs_chart_style_init (&draw_style, CS_THEME_LIGHT);
  /* An exported chart or grid always carries its own background. */
  draw_style.transparent = FALSE;

  switch (format)
    {
    case CS_EXPORT_SVG:
      surface = cairo_svg_surface_create_for_stream (stream_write, &closure, width, height);
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
      draw_style.scale = 1.0;
      break;
    case CS_EXPORT_PDF:
      surface = cairo_pdf_surface_create_for_stream (stream_write, &closure, width, height);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Cyclescope " PACKAGE_VERSION);
      draw_style.scale = 1.0;
      break;
    case CS_EXPORT_PNG:
    default:
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
      draw_style.scale = scale;
      break;
    }

  cr = cairo_create (surface);
  if (format == CS_EXPORT_PNG)
    cairo_scale (cr, scale, scale);
  drawing.draw (cr, drawing.data, &draw_style, width, height);
  status = cairo_status (cr);
  cairo_destroy (cr);

  if (status == CAIRO_STATUS_SUCCESS && format == CS_EXPORT_PNG)
    status = cairo_surface_write_to_png_stream (surface, stream_write, &closure);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS || closure.error != NULL)
    {
      g_autoptr(GCancellable) abort = g_cancellable_new ();

      /* A cancelled close drops the temporary file and keeps any old one. */
      g_cancellable_cancel (abort);
      g_output_stream_close (G_OUTPUT_STREAM (out), abort, NULL);
      if (closure.error == NULL)
        closure.error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED, cairo_status_to_string (status));
      return fail_with_path (error, path, closure.error);
    }

  if (!g_output_stream_close (G_OUTPUT_STREAM (out), NULL, &local))
    return fail_with_path (error, path, local);
  return TRUE;
}
