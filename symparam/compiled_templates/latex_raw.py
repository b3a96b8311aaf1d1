# latex.j2 compiled by jinja2 3.1.6: written by tools/compile_templates.py, never edited
JINJA = '3.1.6'
SOURCE = '8630:cf6eab5f'
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'latex.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_display = l_0_definitions = l_0_table_begin = l_0_table_end = l_0_need = missing
    try:
        t_1 = environment.filters['format']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'format' found.")
    try:
        t_2 = environment.filters['int']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'int' found.")
    try:
        t_3 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_4 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_5 = environment.filters['list']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'list' found.")
    try:
        t_6 = environment.filters['reject']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No filter named 'reject' found.")
    pass
    def macro(l_1_lines, l_1_label):
        t_7 = []
        if l_1_lines is missing:
            l_1_lines = undefined("parameter 'lines' was not provided", name='lines')
        if l_1_label is missing:
            l_1_label = None
        pass
        t_7.extend((
            '\\symparambegin{',
            str((l_1_label or '')),
            '}\n',
        ))
        for l_2_line in l_1_lines:
            _loop_vars = {}
            pass
            t_7.extend((
                '\\symparamstep{',
                str(l_2_line),
                '}\n',
            ))
        l_2_line = missing
        t_7.append(
            '\\symparamend',
        )
        return concat(t_7)
    context.exported_vars.add('display')
    context.vars['display'] = l_0_display = Macro(environment, macro, 'display', ('lines', 'label'), False, False, False, context.eval_ctx.autoescape)
    def macro():
        t_8 = []
        l_1_fragment = resolve('fragment')
        pass
        t_8.append(
            '\n% symparam\'s chains: "label = step = step ...", one step a line, aligned on "="; a step too wide\n% for the line is set in text style and breaks after + and - (never inside a product, rather\n% outside brackets than inside), its continuation indented. No page break falls inside a chain\n% that a page can hold: the steps are gathered, set once in a box to be measured, then on the page;\n% a chain taller than a page less two lines (room for the line or the heading it is kept with)\n% breaks between its lines (between steps, or inside a step but after its first line and before\n% its last), as a display would with \\allowdisplaybreaks.\n\\ifdefined\\symparamlabelwidth\\else\n\\newlength{\\symparamlabelwidth}\\newlength{\\symparamhang}\\newlength{\\symparamroom}\n\\newlength{\\symparamnaturala}\\newlength{\\symparamnaturalb}\\newsavebox{\\symparambox}\n\\newcount\\symparamdepth\n\\fi\n\\ifdefined\\symparamsteps\\else\\newtoks\\symparamsteps\\newcount\\symparamstepbreak\n\\newsavebox{\\symparamtrial}\\fi\n{\\catcode`\\+=\\active\\gdef\\symparamplus{\\def+{\\mathbin{\\mathchar"202B}%\n  \\penalty\\ifcase\\symparamdepth 0\\or 700\\else 3000\\fi\\relax}}}\n\\providecommand{\\symparambegin}[1]{\\par\\begingroup\n  \\setlength{\\parskip}{0pt}\\setlength{\\parindent}{0pt}\\setlength{\\leftskip}{1em}%\n  \\rightskip=0pt plus 1fil\\relax\\interlinepenalty=10000\\relax\\symparamstepbreak=10000\\relax\n  \\symparamsteps={}%\n  \\def\\symparamlabel{#1}\\def\\symparamnext{0}%\n  \\settowidth{\\symparamlabelwidth}{$\\displaystyle#1{}={}$}%\n  \\setlength{\\symparamhang}{\\symparamlabelwidth}%\n  \\ifdim\\symparamhang>0.4\\linewidth\\setlength{\\symparamhang}{2em}\\fi\n  \\nobreak\\vspace{0.3\\baselineskip}\\nobreak}\n\\providecommand{\\symparamstep}[1]{\\symparamsteps=\\expandafter{\\the\\symparamsteps\n  \\symparamset{#1}}}\n\\providecommand{\\symparamset}[1]{%\n  \\ifnum\\symparamnext=0\n    \\noindent\\hangindent=\\dimexpr\\symparamhang+1.5em\\relax\\hangafter=1\n    \\ifx\\symparamlabel\\empty\\hspace*{\\symparamlabelwidth}\\else$\\displaystyle\\symparamlabel{}={}$\\fi\n    \\setlength{\\symparamroom}{\\dimexpr\\linewidth-\\leftskip-\\symparamlabelwidth\\relax}%\n  \\else\n    \\par\\penalty\\symparamstepbreak\\noindent\\hangindent=\\dimexpr\\symparamhang+1.5em\\relax\\hangafter=1\n    \\makebox[\\symparamhang][r]{$\\displaystyle{}={}$}%\n    \\setlength{\\symparamroom}{\\dimexpr\\linewidth-\\leftskip-\\symparamhang\\relax}%\n  \\fi\n  \\def\\symparamnext{1}\\symparamrhs{#1}}\n\\providecommand{\\symparamrhs}[1]{%\n  \\sbox{\\symparambox}{$\\displaystyle#1$}%\n  \\ifdim\\wd\\symparambox>\\symparamroom\n    \\begingroup\n    \\sbox{\\symparambox}{$#1$}%\n    \\edef\\symparamstrut{\\vrule height\\the\\ht\\symparambox\\space depth\\the\\dp\\symparambox\\space\n      width0pt\\relax}%\n    \\let\\symparamleft\\left\\let\\symparamright\\right\\symparamdepth=0\n    \\def\\left##1{\\mathopen{\\symparamleft##1\\symparamstrut\\symparamright.}%\n      \\advance\\symparamdepth 1\\relax}%\n    \\def\\right##1{\\advance\\symparamdepth -1\\relax\n      \\mathclose{\\symparamleft.\\symparamstrut\\symparamright##1}}%\n    \\medmuskip=4mu plus 2mu\\relax\\thickmuskip=5mu plus 5mu\\relax\\nulldelimiterspace=0pt\\relax\n    \\let\\symparamcdot\\cdot\\def\\cdot{\\symparamcdot\\nobreak}%\n    \\let\\symparamtimes\\times\\def\\times{\\symparamtimes\\nobreak}%\n    \\mathcode`\\+="8000\\relax\\symparamplus\n    $#1$%\n    \\endgroup\n  \\else\\usebox{\\symparambox}\\fi}\n\\providecommand{\\symparamend}{%\n  \\setbox\\symparamtrial=\\vbox{\\hsize=\\linewidth\\symparamrun}%\n  \\ifdim\\dimexpr\\ht\\symparamtrial+\\dp\\symparamtrial\\relax>\\dimexpr\\textheight-2\\baselineskip\\relax\n    \\interlinepenalty=100\\relax\\clubpenalty=10000\\relax\\widowpenalty=10000\\relax\n    \\symparamstepbreak=100\\relax\n    \\wlog{symparam: a chain taller than a page less two lines\n      (\\the\\dimexpr\\ht\\symparamtrial+\\dp\\symparamtrial\\relax) may break between its lines}%\n  \\fi\n  \\symparamrun\\endgroup\\vspace{0.3\\baselineskip}}\n\\providecommand{\\symparamrun}{\\def\\symparamnext{0}\\the\\symparamsteps\\par}\n% a page break here when less than #1 is left on the page (a heading stays with its table)\n\\providecommand{\\symparamneed}[1]{\\par\\begingroup\\dimen0=\\pagegoal\\advance\\dimen0-\\pagetotal\n  \\ifdim\\dimen0<#1\\relax\\ifdim\\dimen0>0pt\\vfil\\penalty-10000\\fi\\fi\\endgroup}\n',
        )
        if (undefined(name='fragment') if l_1_fragment is missing else l_1_fragment):
            pass
            t_8.append(
                '\n% a table: \\symparamtable{tabularx columns}{fixed columns} rows \\symparamtableend, a tabularx as\n% wide as the line; one taller than a page less two lines (room for the heading it is kept with)\n% is set a row at a time, each a tabular of the fixed columns (the widths a tabularx gives them),\n% free to break between rows but not between the header and the first row nor before the rule\n% that closes it\n\\ifdefined\\symparamtable\\else\n\\newcount\\symparamrows\\def\\symparamstop{\\symparamstop}\n\\long\\def\\symparamtable#1#2#3\\symparamtableend{%\n  \\sbox{\\symparamtrial}{\\begin{tabularx}{\\linewidth}{#1}#3\\end{tabularx}}%\n  \\ifdim\\dimexpr\\ht\\symparamtrial+\\dp\\symparamtrial\\relax>\\dimexpr\\textheight-2\\baselineskip\\relax\n    \\wlog{symparam: a table taller than a page less two lines\n      (\\the\\dimexpr\\ht\\symparamtrial+\\dp\\symparamtrial\\relax) may break between its rows}%\n    \\par\\begingroup\\def\\symparamcolumns{#2}\\offinterlineskip\\parskip=0pt\\relax\n    \\symparamrows=0 \\symparamrow#3\\symparamstop\\\\\\endgroup\n  \\else\\usebox{\\symparamtrial}\\fi}\n\\long\\def\\symparamrow#1\\\\{\\symparamrowcheck#1\\symparamstop\\symparamnil}\n\\long\\def\\symparamrowcheck#1\\symparamstop#2\\symparamnil{%\n  \\ifx\\relax#2\\relax\\def\\symparamrowend{\\\\}\\else\\let\\symparamrowend\\relax\\fi\n  \\ifnum\\symparamrows=1 \\nobreak\\else\\ifx\\relax#2\\relax\\penalty0 \\else\\nobreak\\fi\\fi\n  \\advance\\symparamrows 1\n  \\expandafter\\symparamone\\expandafter{\\symparamcolumns}{#1\\symparamrowend}%\n  \\ifx\\relax#2\\relax\\expandafter\\symparamrow\\fi}\n\\long\\def\\symparamone#1#2{\\noindent\\begin{tabular}{#1}#2\\end{tabular}\\par}\n\\fi\n',
            )
        return concat(t_8)
    context.exported_vars.add('definitions')
    context.vars['definitions'] = l_0_definitions = Macro(environment, macro, 'definitions', (), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_columns, l_1_natural, l_1_caller):
        t_9 = []
        l_1_namespace = resolve('namespace')
        l_1_fragment = resolve('fragment')
        l_1_flexible = l_1_ns = l_1_widths = missing
        if l_1_columns is missing:
            l_1_columns = undefined("parameter 'columns' was not provided", name='columns')
        if l_1_natural is missing:
            l_1_natural = ()
        pass
        l_1_flexible = t_5(context.eval_ctx, t_6(context, l_1_columns, 'in', '<>'))
        l_1_ns = context.call((undefined(name='namespace') if l_1_namespace is missing else l_1_namespace), fixed='', index=0)
        if (undefined(name='fragment') if l_1_fragment is missing else l_1_fragment):
            pass
            t_9.append(
                '\\par\\smallskip\\begingroup\\small\\setlength{\\tabcolsep}{4pt}\n',
            )
        l_2_loop = missing
        for l_2_cells, l_2_loop in LoopContext(l_1_natural, undefined):
            _loop_vars = {}
            pass
            t_9.extend((
                '\\settowidth{\\symparamnatural',
                str(environment.getitem('ab', environment.getattr(l_2_loop, 'index0'))),
                '}{\\begin{tabular}{@{}l@{}}',
                str(t_3(context.eval_ctx, l_2_cells, ' \\\\ ')),
                '\\end{tabular}}\n',
            ))
            if not isinstance(l_1_ns, Namespace):
                raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
            l_1_ns['fixed'] = str_join((environment.getattr((undefined(name='ns') if l_1_ns is missing else l_1_ns), 'fixed'), '-\\symparamnatural', environment.getitem('ab', environment.getattr(l_2_loop, 'index0')), ))
        l_2_loop = l_2_cells = missing
        t_10 = []
        pass
        t_10.append(
            '@{}',
        )
        for l_3_c in l_1_columns:
            l_3_kind = resolve('kind')
            l_3_weight = resolve('weight')
            _loop_vars = {}
            pass
            if (l_3_c in '<>'):
                pass
                t_10.extend((
                    '>{',
                    str(('\\raggedright' if (l_3_c == '<') else '\\raggedleft')),
                    '\\arraybackslash}p{\\symparamnatural',
                    str(environment.getitem('ab', environment.getattr((undefined(name='ns') if l_1_ns is missing else l_1_ns), 'index'))),
                    '}',
                ))
                if not isinstance(l_1_ns, Namespace):
                    raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
                l_1_ns['index'] = (environment.getattr((undefined(name='ns') if l_1_ns is missing else l_1_ns), 'index') + 1)
            else:
                pass
                (l_3_kind, l_3_weight) = context.call(environment.getattr(l_3_c, 'split'), ':', _loop_vars=_loop_vars)
                _loop_vars.update({'kind': l_3_kind, 'weight': l_3_weight})
                t_10.extend((
                    '>{',
                    str(('\\raggedright' if ((undefined(name='kind') if l_3_kind is missing else l_3_kind) == 'l') else '\\raggedleft')),
                    '\\arraybackslash}p{\\dimexpr(\\linewidth',
                    str(environment.getattr((undefined(name='ns') if l_1_ns is missing else l_1_ns), 'fixed')),
                    '-',
                    str((2 * (t_4(l_1_columns) - 1))),
                    '\\tabcolsep)*',
                    str((undefined(name='weight') if l_3_weight is missing else l_3_weight)),
                    '/100\\relax}',
                ))
        l_3_c = l_3_kind = l_3_weight = missing
        t_10.append(
            '@{}',
        )
        l_1_widths = (Markup if context.eval_ctx.autoescape else identity)(concat(t_10))
        if (undefined(name='fragment') if l_1_fragment is missing else l_1_fragment):
            pass
            t_9.append(
                '\\noindent\\symparamtable{@{}',
            )
            for l_2_c in l_1_columns:
                l_2_kind = resolve('kind')
                l_2_weight = resolve('weight')
                _loop_vars = {}
                pass
                if (l_2_c == '<'):
                    pass
                    t_9.append(
                        'l',
                    )
                elif (l_2_c == '>'):
                    pass
                    t_9.append(
                        'r',
                    )
                else:
                    pass
                    (l_2_kind, l_2_weight) = context.call(environment.getattr(l_2_c, 'split'), ':', _loop_vars=_loop_vars)
                    _loop_vars.update({'kind': l_2_kind, 'weight': l_2_weight})
                    t_9.extend((
                        '>{',
                        str(('\\raggedright' if ((undefined(name='kind') if l_2_kind is missing else l_2_kind) == 'l') else '\\raggedleft')),
                        '\\arraybackslash\\hsize=',
                        str(t_1('%.3f', ((t_4((undefined(name='flexible') if l_1_flexible is missing else l_1_flexible)) * t_2((undefined(name='weight') if l_2_weight is missing else l_2_weight))) / 100))),
                        '\\hsize}X',
                    ))
            l_2_c = l_2_kind = l_2_weight = missing
            t_9.extend((
                '@{}}{',
                str((undefined(name='widths') if l_1_widths is missing else l_1_widths)),
                '}\n',
            ))
        else:
            pass
            t_9.extend((
                '\\begin{longtable}{',
                str((undefined(name='widths') if l_1_widths is missing else l_1_widths)),
                '}\n',
            ))
        t_9.extend((
            '\\toprule\n',
            str(context.call(l_1_caller)),
            ' \\\\\n\\midrule\n',
        ))
        if (not (undefined(name='fragment') if l_1_fragment is missing else l_1_fragment)):
            pass
            t_9.append(
                '\\endhead\n',
            )
        return concat(t_9)
    context.exported_vars.add('table_begin')
    context.vars['table_begin'] = l_0_table_begin = Macro(environment, macro, 'table_begin', ('columns', 'natural'), False, False, True, context.eval_ctx.autoescape)
    def macro():
        t_11 = []
        l_1_fragment = resolve('fragment')
        pass
        t_11.append(
            '\\bottomrule\n',
        )
        if (undefined(name='fragment') if l_1_fragment is missing else l_1_fragment):
            pass
            t_11.append(
                '\\symparamtableend\n\\par\\endgroup\\smallskip\n',
            )
        else:
            pass
            t_11.append(
                '\\end{longtable}\n',
            )
        return concat(t_11)
    context.exported_vars.add('table_end')
    context.vars['table_end'] = l_0_table_end = Macro(environment, macro, 'table_end', (), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_lines):
        t_12 = []
        l_1_fragment = resolve('fragment')
        if l_1_lines is missing:
            l_1_lines = undefined("parameter 'lines' was not provided", name='lines')
        pass
        if (not (undefined(name='fragment') if l_1_fragment is missing else l_1_fragment)):
            pass
            t_12.extend((
                '\\symparamneed{',
                str(l_1_lines),
                '\\baselineskip}\n',
            ))
        return concat(t_12)
    context.exported_vars.add('need')
    context.vars['need'] = l_0_need = Macro(environment, macro, 'need', ('lines',), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '4=48&5=57&6=60&7=65&11=75&84=82&117=90&118=100&119=101&120=102&123=108&124=113&125=120&128=127&129=132&127=163&131=164&135=169&136=174&137=198&139=205&142=210&144=213&148=221&150=228&159=241'
