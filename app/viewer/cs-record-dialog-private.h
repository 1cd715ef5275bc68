/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record-dialog-private.h — shared by cs-record-dialog.c and cs-record-dialog-options.c */
#pragma once

#include "cs-process-list.h"
#include "cs-record-dialog.h"
#include "cs-record-run-list.h"
#include "cs-record.h"

G_BEGIN_DECLS

struct _CsRecordDialog
{
  GtkWindow        parent_instance;

  GtkButton       *cancel_button;
  GtkButton       *record_button;
  GtkWidget       *form;
  GtkStack        *source_stack;    /* "program" or "process" */
  GtkEntry        *program_entry;
  GtkEntry        *arguments_entry;
  GtkEntry        *cwd_entry;
  CsProcessList   *process_list;
  GtkSpinButton   *duration_spin;
  GtkEntry        *output_entry;
  GtkDropDown     *model_dropdown;
  GtkEntry        *events_entry;
  GtkSwitch       *counting_switch;
  GtkSpinButton   *repeat_spin;
  GtkSwitch       *sampling_switch;
  GtkCheckButton  *separate_check;
  GtkSpinButton   *frequency_spin;
  GtkDropDown     *call_graph_dropdown;
  GtkLabel        *call_graph_hint;
  GtkSwitch       *regs_switch;
  GtkSwitch       *regions_switch;
  GtkSpinButton   *skip_events_spin;
  GtkLabel        *plan_label;
  GtkLabel        *plan_runs_label;
  GtkRevealer     *error_revealer;
  GtkLabel        *error_label;
  GtkLabel        *notices_label;
  GtkRevealer     *progress_revealer;
  CsRecordRunList *run_list;

  GSettings       *settings;
  GPtrArray       *model_ids;     /* char*, parallel to the dropdown after "Automatic" */
  CsRecorder      *recorder;
  GCancellable    *cancellable;   /* non-NULL while recording */
  char            *error_text;
  GtkNativeDialog *chooser;
  guint            plan_idle_id;
  CsRecorder      *plan_recorder; /* the plan shown, NULL when it failed */
  /* Held while recording, so that closing the last window does not end the
   * process before the recorder stopped the program and saved the session. */
  GApplication    *held;
};

/* The call graph choices, in the dropdown's order, which is the values of
 * the settings' enum (record-call-graph). */
typedef enum
{
  CALL_GRAPH_NONE,
  CALL_GRAPH_FP,
  CALL_GRAPH_DWARF,
} CallGraph;

/* cs-record-dialog-options.c: the form as CsRecordOptions. With @for_plan
 * and no output given, the output is the last recording of the same name
 * (where the estimate comes from) rather than the new name the recording
 * will get. */
CsRecordOptions *_cs_record_dialog_build_options (CsRecordDialog  *self,
                                                  gboolean         for_plan,
                                                  GError         **error);
gboolean         _cs_record_dialog_attaching     (CsRecordDialog  *self);

G_END_DECLS
