/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app-memory.c — the Memory page on real recordings, in a real window
 *
 * argv[1]: the cyclescope binary, argv[2]: cs-test-false-sharing. The
 * workload is recorded with `cyclescope record --regs` and prints where its
 * two counters are and which threads increment them: that is the truth the
 * page must show (the hottest line holds the counters, each thread's points
 * are at its own counter), not anything computed by the code under test.
 *
 * - adjacent counters: the hottest line is selected, flagged as false
 *   sharing in the table's data and in the verdict; the scatter shows that
 *   line's accesses by thread; "All Accesses" switches to the address
 *   view with the line highlighted; activating a point goes back to its line;
 *   activating the hottest instruction opens it in the Modules page's
 *   disassembly (a store through %rdi, in the loop's function);
 * - padded counters: two lines, neither flagged;
 * - the program's file deleted after recording: no lines, and the page
 *   names the file it could not read;
 * - a perf.data cut in half: what precedes the cut, with warnings on the
 *   Overview (the byte offset) and the Memory page (the file);
 * - a recording without registers: the page says how to record them.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "cs-annotate-rows.h"
#include "cs-cacheline-table.h"
#include "cs-memory-page.h"
#include "cs-modules-page.h"
#include "cs-overview-page.h"
#include "cs-scatter-view.h"
#include "cs-test-app.h"
#include "cs-test-viewer.h"
#include "cs-test-false-sharing.h"
#include "cs-test-memory-page.h"

static const char *cyclescope;
static const char *workload;
static char *tmpdir;

/* The Memory page, shown, once the window has loaded the recording. */
static CsMemoryPage *
show_memory_page (CsTestApp *app)
{
  CsWindow *window = cs_test_app_get_window (app);
  GtkStack *pages;

  if (window == NULL || cs_test_window_loading (window))
    return NULL;
  g_assert_null (cs_test_window_error (window));
  pages = cs_test_window_pages (window);
  gtk_stack_set_visible_child_name (pages, "memory");
  return CS_MEMORY_PAGE (gtk_stack_get_child_by_name (pages, "memory"));
}

static CsMemoryPage *
memory_page_of (CsTestApp *app)
{
  GtkStack *pages = cs_test_window_pages (cs_test_app_get_window (app));

  return CS_MEMORY_PAGE (gtk_stack_get_child_by_name (pages, "memory"));
}

static gboolean
is_toggle_labelled (GtkWidget     *widget,
                    gconstpointer  label)
{
  return GTK_IS_TOGGLE_BUTTON (widget) &&
         g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

/* The details row of the line's @index-th instruction (1-based). */
static gboolean
is_instruction_row (GtkWidget     *widget,
                    gconstpointer  index)
{
  return GTK_IS_LIST_BOX_ROW (widget) && g_object_get_data (G_OBJECT (widget), "cs-ip-index") == index;
}

static gboolean
is_label_containing (GtkWidget     *widget,
                     gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL;
}

static gboolean
is_label_starting (GtkWidget     *widget,
                   gconstpointer  prefix)
{
  return GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix);
}

/* A label or a table cell (GtkInscription) showing @text somewhere. */
static gboolean
is_text_containing (GtkWidget     *widget,
                    gconstpointer  text)
{
  const char *shown = GTK_IS_LABEL (widget) ? gtk_label_get_text (GTK_LABEL (widget))
                      : GTK_IS_INSCRIPTION (widget) ? gtk_inscription_get_text (GTK_INSCRIPTION (widget))
                      : NULL;

  return shown != NULL && strstr (shown, text) != NULL;
}

static gboolean
step_recording (CsTestApp *app)
{
  const CsTestMemoryRecording *r = app->data;
  /* Stage 3 is on the Modules page: the Memory page is not brought back. */
  CsMemoryPage *page = app->stage < 3 ? show_memory_page (app) : memory_page_of (app);
  CsWindow *window = cs_test_app_get_window (app);
  const CsMemoryLine *line;
  GtkWidget *all;

  if (page == NULL || cs_memory_page_is_loading (page) ||
      (app->stage < 3 && !gtk_widget_get_mapped (GTK_WIDGET (page))))
    return FALSE;
  line = cs_test_memory_selected_line (page);
  if (app->stage == 0)
    {
      CsMemoryProfile *profile = cs_memory_page_get_profile (page);

      g_assert_nonnull (profile);
      /* The hottest line is selected and holds a counter (padded: either;
       * the threads run equally long, not equally fast). */
      g_assert_true (line == cs_memory_profile_get_line (profile, 0));
      g_assert_true (line->address == (r->counter[0] & ~G_GUINT64_CONSTANT (63)) ||
                     line->address == (r->counter[1] & ~G_GUINT64_CONSTANT (63)));
      g_assert_true (line->false_sharing == r->adjacent);
      if (r->adjacent)
        g_assert_nonnull (cs_test_find_mapped (GTK_WIDGET (page), is_label_starting,
                                               "⚠ False sharing"));
      else
        {
          const CsMemoryLine *other = cs_memory_profile_find_line (profile, line->pid,
                                                                   cs_test_memory_other_counter (r, line));

          g_assert_nonnull (other);
          g_assert_true (other != line);
          g_assert_false (other->false_sharing);
          g_assert_nonnull (cs_test_find_label (GTK_WIDGET (page), "Touched by one thread."));
        }
      cs_test_memory_check_line_scatter (r, page, line);
      /* An instruction with skid-corrected samples says how many. */
      for (guint i = 0; i < line->n_ips; i++)
        if (line->ips[i].skid_corrected > 0)
          {
            g_autofree char *digits = g_strdup_printf ("%" G_GUINT64_FORMAT, line->ips[i].skid_corrected);
            g_autoptr(GString) moved = g_string_new (NULL);

            /* Grouped by thousands, as every count in the window. */
            for (gsize d = 0; digits[d] != '\0'; d++)
              {
                if (d > 0 && (strlen (digits) - d) % 3 == 0)
                  g_string_append_c (moved, ',');
                g_string_append_c (moved, digits[d]);
              }
            g_string_append (moved, " taken at the next instruction");

            g_assert_nonnull (cs_test_find_mapped (GTK_WIDGET (page), is_label_containing, moved->str));
            break;
          }
      /* The Overview states the finding: adjacent, the flagged line's
       * address and both threads; padded, nothing. */
      {
        GtkStack *pages = cs_test_window_pages (window);
        CsOverviewPage *overview = CS_OVERVIEW_PAGE (gtk_stack_get_child_by_name (pages, "overview"));
        const char *finding = cs_overview_page_get_finding (overview);

        if (r->adjacent)
          {
            g_autofree char *address = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", line->address);
            g_autofree char *tid_a = g_strdup_printf ("%" G_GUINT64_FORMAT ":", r->tid[0]);
            g_autofree char *tid_b = g_strdup_printf ("%" G_GUINT64_FORMAT ":", r->tid[1]);

            g_assert_nonnull (finding);
            g_test_message ("overview: %s", finding);
            g_assert_nonnull (strstr (finding, address));
            g_assert_nonnull (strstr (finding, tid_a));
            g_assert_nonnull (strstr (finding, tid_b));
          }
        else
          g_assert_null (finding);
      }
      app->stage = 1;
    }
  if (app->stage == 1)
    {
      int width = 0, height = 0;

      if (!cs_test_app_screenshot (app, GTK_WINDOW (window),
                                   r->adjacent ? "app-memory-adjacent" : "app-memory-padded"))
        return FALSE;
      if (app->shot_path != NULL)
        g_assert_true (cs_test_png_is_not_blank (app->shot_path, &width, &height));
      /* The user clicks "All Accesses". */
      all = cs_test_find_mapped (GTK_WIDGET (page), is_toggle_labelled, "_All Accesses");
      g_assert_nonnull (all);
      gtk_widget_activate (all);
      app->stage = 2;
      return FALSE;
    }
  if (app->stage == 2)
    {
      CsScatterView *view = cs_test_memory_scatter (page);
      CsScatterData *data = cs_scatter_view_get_data (view);
      guint n = 0;
      guint64 elsewhere;

      /* A button's activation clicks it a moment later. */
      all = cs_test_find_mapped (GTK_WIDGET (page), is_toggle_labelled, "_All Accesses");
      if (!gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (all)))
        return FALSE;
      cs_memory_profile_get_accesses (cs_memory_page_get_profile (page), &n);
      g_assert_nonnull (data);
      g_assert_cmpint (data->mode, ==, CS_SCATTER_MODE_ADDRESS);
      g_assert_true (data->has_line);
      g_assert_cmphex (data->line, ==, line->address);
      /* Every access, or an even thinning of them. */
      g_assert_cmpuint (cs_scatter_data_get_n_points (data), >, 0);
      g_assert_cmpuint (cs_scatter_data_get_n_points (data), <=, n);
      cs_test_memory_check_export (page, tmpdir);
      cs_test_memory_check_flagged_only (page);
      /* The filter made new data: the view's again. */
      data = cs_scatter_view_get_data (view);
      if (r->adjacent)
        {
          /* The user activates the line's hottest instruction. */
          GtkWidget *row = cs_test_find_mapped (GTK_WIDGET (page), is_instruction_row, GUINT_TO_POINTER (1));

          g_assert_nonnull (row);
          gtk_widget_activate (row);
          cs_test_app_reset_screenshot (app);
          app->stage = 3;
          return FALSE;
        }
      /* Padded: a point of the other counter's line selects that line and
       * shows it. */
      elsewhere = cs_test_memory_other_counter (r, line);
      for (guint i = 0; i < cs_scatter_data_get_n_points (data); i++)
        {
          const CsScatterPoint *p = cs_scatter_data_get_point (data, i);

          /* As a click on one of its points: its address and key. */
          if (cs_scatter_line_of (p->address) == (elsewhere & ~G_GUINT64_CONSTANT (63)))
            {
              g_signal_emit_by_name (view, "point-activated", p->address, p->key);
              break;
            }
        }
      line = cs_test_memory_selected_line (page);
      g_assert_cmphex (line->address, ==, elsewhere & ~G_GUINT64_CONSTANT (63));
      cs_test_memory_check_line_scatter (r, page, line);
      g_assert_true (gtk_toggle_button_get_active (
        GTK_TOGGLE_BUTTON (cs_test_find_mapped (GTK_WIDGET (page), is_toggle_labelled, "_Selected Cacheline"))));
      return TRUE;
    }
  if (app->stage == 3)
    {
      /* ... and lands on it in the Modules page's disassembly: a store to
       * the counter through %rdi, in the workload's loop function. */
      GtkStack *pages = cs_test_window_pages (window);
      CsModulesPage *modules = CS_MODULES_PAGE (gtk_stack_get_child_by_name (pages, "modules"));
      CsSymbolItem *open = cs_modules_page_get_open_symbol (modules);
      GtkSingleSelection *insns;
      CsAnnotateRow *insn;

      g_assert_null (cs_test_window_error (window));
      if (g_strcmp0 (gtk_stack_get_visible_child_name (pages), "modules") != 0 || open == NULL)
        return FALSE;
      /* in the clang build the loop's inner label is named instead (its
       * assembler marks the label otherwise than gcc's as; not yet
       * compared with perf there) */
      if (!CS_TEST_CLANG)
        g_assert_cmpstr (cs_symbol_item_get_name (open), ==, "cs_fs_loop");
      insns = cs_disasm_pane_get_selection (cs_test_modules_disasm (modules));
      insn = gtk_single_selection_get_selected_item (insns);
      g_assert_nonnull (insn);
      g_test_message ("disassembly selected: %s", cs_annotate_row_get_text (insn));
      g_assert_nonnull (strstr (cs_annotate_row_get_text (insn), "[rdi]"));
      if (!cs_test_app_screenshot (app, GTK_WINDOW (window), "app-memory-show-code"))
        return FALSE;
      return TRUE;
    }
  return TRUE;
}

static void
test_recording (gconstpointer mode)
{
  g_autoptr(CsTestMemoryRecording) r = cs_test_memory_record (cyclescope, workload, tmpdir, mode);
  const char *files[] = { r->bundle, NULL };

  cs_test_app_run (files, step_recording, r);
}

/* The program's file is gone after the recording: its instructions cannot
 * be decoded, and the page says which file it missed (in the warning above
 * the lines, or on the empty page when no line is left). */
static gboolean
step_program_gone (CsTestApp *app)
{
  CsMemoryPage *page = show_memory_page (app);

  if (page == NULL || cs_memory_page_is_loading (page) || !gtk_widget_get_mapped (GTK_WIDGET (page)))
    return FALSE;
  g_assert_nonnull (cs_memory_page_get_profile (page));
  /* The loop's samples have no code; the few in libc or ld.so may. */
  g_assert_cmpuint (cs_memory_profile_get_stats (cs_memory_page_get_profile (page))->n_no_code, >, 0);
  g_assert_nonnull (cs_test_find_mapped (GTK_WIDGET (page), is_label_containing, "workload-copy"));
  if (cs_memory_profile_get_n_lines (cs_memory_page_get_profile (page)) == 0)
    g_assert_nonnull (cs_test_find_label (GTK_WIDGET (page), "No data addresses"));
  else
    g_assert_nonnull (strstr (cs_test_memory_warning (page), "workload-copy"));
  return TRUE;
}

static void
test_program_gone (void)
{
  g_autofree char *copy = g_build_filename (tmpdir, "workload-copy", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *out = NULL;
  g_autofree char *bundle = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (workload, &contents, &len, NULL));
  g_assert_true (g_file_set_contents (copy, contents, (gssize) len, NULL));
  g_assert_cmpint (g_chmod (copy, 0755), ==, 0);
  bundle = cs_test_fs_record (cyclescope, copy, tmpdir, "adjacent", &out);
  g_assert_cmpint (g_unlink (copy), ==, 0);
  {
    const char *files[] = { bundle, NULL };

    cs_test_app_run (files, step_program_gone, NULL);
  }
}

/* A perf.data cut in half: the window shows what was read before the cut
 * (the Overview warns, naming the byte offset) and so does the Memory page
 * (its lines, and a warning naming the file). */
static gboolean
step_truncated (CsTestApp *app)
{
  const CsTestMemoryRecording *r = app->data;
  CsMemoryPage *page = show_memory_page (app);
  GtkStack *pages;
  CsOverviewPage *overview;
  const char * const *warnings;
  const CsMemoryLine *line;
  gboolean offset_named = FALSE;

  if (page == NULL || cs_memory_page_is_loading (page) || !gtk_widget_get_mapped (GTK_WIDGET (page)))
    return FALSE;
  pages = cs_test_window_pages (cs_test_app_get_window (app));
  overview = CS_OVERVIEW_PAGE (gtk_stack_get_child_by_name (pages, "overview"));
  warnings = cs_analysis_get_warnings (cs_window_get_analysis (cs_test_app_get_window (app)));
  for (guint i = 0; warnings != NULL && warnings[i] != NULL; i++)
    offset_named |= strstr (warnings[i], "byte offset") != NULL;
  g_assert_true (offset_named);
  /* The damage is the banner's headline, not a host fact a damaged file
   * cannot vouch for. */
  g_test_message ("banner: %s", cs_test_overview_banner (overview));
  g_assert_nonnull (strstr (cs_test_overview_banner (overview), "byte offset"));

  g_assert_true (cs_memory_profile_get_stats (cs_memory_page_get_profile (page))->truncated);
  g_test_message ("truncated: %u lines, %" G_GUINT64_FORMAT " samples, %" G_GUINT64_FORMAT " known",
                  cs_memory_profile_get_n_lines (cs_memory_page_get_profile (page)),
                  cs_memory_profile_get_stats (cs_memory_page_get_profile (page))->n_samples,
                  cs_memory_profile_get_stats (cs_memory_page_get_profile (page))->n_known);
  line = cs_test_memory_selected_line (page);
  g_assert_nonnull (line);
  g_assert_cmphex (line->address, ==, r->counter[0] & ~G_GUINT64_CONSTANT (63));
  g_assert_nonnull (cs_test_memory_warning (page));
  g_assert_nonnull (strstr (cs_test_memory_warning (page), "cut.perf.data"));
  return TRUE;
}

static void
test_truncated (void)
{
  g_autoptr(CsTestMemoryRecording) r = cs_test_memory_record (cyclescope, workload, tmpdir, "adjacent");
  g_autofree char *perf_data = g_build_filename (r->bundle, "sampling-0.perf.data", NULL);
  g_autofree char *cut = g_build_filename (tmpdir, "cut.perf.data", NULL);
  g_autofree char *contents = NULL;
  const char *files[] = { cut, NULL };
  gsize len = 0;

  guint64 data_offset, data_size;

  g_assert_true (g_file_get_contents (perf_data, &contents, &len, NULL));
  /* perf_file_header: the data section's offset and size at bytes 40 and
   * 48. Cut inside its last records: the maps (which may come late in the
   * section, from another CPU's buffer) and most samples are before. */
  memcpy (&data_offset, contents + 40, 8);
  memcpy (&data_size, contents + 48, 8);
  g_assert_cmpuint (data_offset + data_size, <=, len);
  g_assert_cmpuint (data_size, >, 4096);
  g_assert_true (g_file_set_contents (cut, contents, (gssize) (data_offset + data_size - 100), NULL));
  cs_test_app_run (files, step_truncated, r);
}

static gboolean
step_no_registers (CsTestApp *app)
{
  CsMemoryPage *page = show_memory_page (app);

  if (page == NULL || cs_memory_page_is_loading (page) || !gtk_widget_get_mapped (GTK_WIDGET (page)))
    return FALSE;
  g_assert_null (cs_memory_page_get_profile (page));
  g_assert_nonnull (cs_test_find_label (GTK_WIDGET (page), "No address samples"));
  g_assert_nonnull (cs_test_find_mapped (GTK_WIDGET (page), is_label_starting,
                                         "The memory view shows which cachelines"));
  return TRUE;
}

static void
test_no_registers (void)
{
  g_autofree char *bundle = g_build_filename (tmpdir, "noregs.cyclescope", NULL);
  g_autofree char *out = NULL, *err = NULL;
  const char *argv[] = { cyclescope, "record", "--no-counting", "-o", bundle, "--",
                         workload, "adjacent", "0.2", NULL };
  const char *files[] = { bundle, NULL };
  int status = 0;

  out = cs_test_run (argv, &err, &status);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  cs_test_app_run (files, step_no_registers, NULL);
}

typedef struct
{
  const char *mode;
  guint64     pid[2];
  guint64     tid[2];
} SharingCase;

/* "same": both threads write one counter, the page says true sharing in
 * the table and in the details. "shared": two processes, one line, each
 * thread shown with its process beside it. */
static gboolean
step_sharing (CsTestApp *app)
{
  const SharingCase *c = app->data;
  CsMemoryPage *page = show_memory_page (app);
  const CsMemoryLine *line;

  if (page == NULL || cs_memory_page_is_loading (page) || !gtk_widget_get_mapped (GTK_WIDGET (page)))
    return FALSE;
  line = cs_test_memory_selected_line (page);
  g_assert_nonnull (line);
  if (g_str_equal (c->mode, "same"))
    {
      g_assert_true (line->true_sharing);
      g_assert_false (line->false_sharing);
      g_assert_nonnull (cs_test_find_mapped (GTK_WIDGET (page), is_label_starting, "True sharing:"));
      g_assert_nonnull (cs_test_find_mapped (GTK_WIDGET (page), is_text_containing, "True sharing"));
    }
  else
    {
      g_assert_true (line->false_sharing);
      g_assert_cmpuint (line->n_processes, ==, 2);
      g_assert_nonnull (cs_test_find_mapped (GTK_WIDGET (page), is_label_containing, "shared by 2 processes"));
      for (guint t = 0; t < 2; t++)
        {
          g_autofree char *cell = g_strdup_printf ("%" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT ":",
                                                   c->pid[t], c->tid[t]);
          g_autofree char *row = g_strdup_printf ("Thread %" G_GUINT64_FORMAT " (process %" G_GUINT64_FORMAT ")",
                                                  c->tid[t], c->pid[t]);

          g_assert_nonnull (cs_test_find_mapped (GTK_WIDGET (page), is_text_containing, cell));
          g_assert_nonnull (cs_test_find_mapped (GTK_WIDGET (page), is_label_starting, row));
        }
    }
  return TRUE;
}

static void
test_sharing (gconstpointer data)
{
  SharingCase c = { data };
  g_autofree char *out = NULL;
  g_autofree char *bundle = cs_test_fs_record (cyclescope, workload, tmpdir, data, &out);
  const char *files[] = { bundle, NULL };

  c.pid[0] = cs_test_fs_value (out, "pid_a");
  c.pid[1] = cs_test_fs_value (out, "pid_b");
  c.tid[0] = cs_test_fs_value (out, "tid_a");
  c.tid[1] = cs_test_fs_value (out, "tid_b");
  cs_test_app_run (files, step_sharing, &c);
}

static int saved_stdout = -1;

/* "Confirm with Watchpoints" on the flagged line: the program runs again
 * under hardware watchpoints and the details say it is confirmed, with a
 * row per watched thread. */
static gboolean
step_confirm (CsTestApp *app)
{
  CsMemoryPage *page = show_memory_page (app);

  if (page == NULL || cs_memory_page_is_loading (page) || !gtk_widget_get_mapped (GTK_WIDGET (page)))
    return FALSE;
  if (app->stage == 0)
    {
      const CsMemoryLine *line = cs_test_memory_selected_line (page);

      g_assert_nonnull (line);
      g_assert_true (line->false_sharing);
      g_assert_true (cs_test_action_enabled (GTK_WIDGET (page), "memory.confirm"));
      /* The watched program prints to the viewer's standard output, which
       * is this test's TAP stream: send it to standard error meanwhile. */
      saved_stdout = dup (STDOUT_FILENO);
      fflush (stdout);
      dup2 (STDERR_FILENO, STDOUT_FILENO);
      gtk_widget_activate_action (GTK_WIDGET (page), "memory.confirm", NULL);
      app->stage = 1;
      return FALSE;
    }
  if (cs_test_action_enabled (GTK_WIDGET (page), "memory.stop-confirm"))
    return FALSE;
  dup2 (saved_stdout, STDOUT_FILENO);
  close (saved_stdout);
  g_assert_nonnull (cs_test_find_mapped (GTK_WIDGET (page), is_label_starting, "Confirmed:"));
  g_assert_nonnull (cs_test_find_mapped (GTK_WIDGET (page), is_label_starting, "Watched thread"));
  return TRUE;
}

static void
test_confirm (void)
{
  g_autoptr(CsTestMemoryRecording) r = cs_test_memory_record (cyclescope, workload, tmpdir, "adjacent");
  const char *files[] = { r->bundle, NULL };

  cs_test_app_run (files, step_confirm, r);
}

int
main (int    argc,
      char **argv)
{
  gboolean display = cs_test_app_init (&argc, &argv, "/app/memory/no-display");
  int status;

  g_assert_cmpint (argc, >=, 3);
  cyclescope = argv[1];
  workload = argv[2];
  tmpdir = cs_test_mkdtemp ();
  if (display)
    {
      g_test_add_data_func ("/app/memory/adjacent", "adjacent", test_recording);
      g_test_add_data_func ("/app/memory/padded", "padded", test_recording);
      g_test_add_func ("/app/memory/program-gone", test_program_gone);
      g_test_add_func ("/app/memory/truncated", test_truncated);
      g_test_add_func ("/app/memory/no-registers", test_no_registers);
      g_test_add_data_func ("/app/memory/true-sharing", "same", test_sharing);
      g_test_add_data_func ("/app/memory/processes", "shared", test_sharing);
      g_test_add_func ("/app/memory/confirm", test_confirm);
    }
  status = g_test_run ();
  cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  cs_test_app_cleanup ();
  return status;
}
